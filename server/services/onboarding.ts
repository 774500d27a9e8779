import { eq, sql } from 'drizzle-orm';
import type { Onboarding, OnboardingUpdate } from '../../common/schemas/onboarding.ts';
import type { Db } from '../db/client.ts';
import { userOnboarding } from '../db/schema/index.ts';
import { iso } from '../presenters/wire.ts';

/** The member's tour progress; a member who never started it has the defaults. */
export async function getOnboarding(db: Db, userId: string): Promise<Onboarding> {
  const [row] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId));
  return {
    hasCompletedWizard: row?.hasCompletedWizard ?? false,
    currentWizardStep: row?.currentWizardStep ?? 0,
    completedWizardSteps: row?.completedWizardSteps ?? [],
    wizardCompletedAt: iso(row?.wizardCompletedAt),
    seenIntros: row?.seenIntros ?? [],
  };
}

/** Saves tour progress; the first completion time is kept when the tour is finished again. */
export async function saveOnboarding(db: Db, userId: string, b: OnboardingUpdate, now: Date): Promise<void> {
  const values = { ...b, ...(b.hasCompletedWizard ? { wizardCompletedAt: now } : {}), lastActiveDate: now, updatedAt: now };
  await db
    .insert(userOnboarding)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: userOnboarding.userId,
      set: { ...values, wizardCompletedAt: b.hasCompletedWizard ? sql`coalesce(${userOnboarding.wizardCompletedAt}, ${now.toISOString()}::timestamptz)` : undefined },
    });
}

/** Remembers a one-time introduction as seen (kept once, however often it is reported). */
export async function markIntroSeen(db: Db, userId: string, key: string, now: Date): Promise<void> {
  await db
    .insert(userOnboarding)
    .values({ userId, seenIntros: [key], lastActiveDate: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userOnboarding.userId,
      set: {
        seenIntros: sql`case when ${key} = any(${userOnboarding.seenIntros}) then ${userOnboarding.seenIntros} else array_append(${userOnboarding.seenIntros}, ${key}::text) end`,
        updatedAt: now,
      },
    });
}
