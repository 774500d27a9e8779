import { like } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { memberApplications, users } from '../schema/index.ts';
import { DEMO_PEOPLE } from './demo-data.ts';

const DOMAIN = 'demo.chiefpartners.example';
export const DEMO_PASSWORD = 'DemoPass123!';

/** Fills the database the server uses with demo members (idempotent: skips when they are already there). */
async function main() {
  // demo members share a published password: never on a production database unless the operator insists
  if (process.env.NODE_ENV === 'production' && !process.argv.slice(2).includes('--force')) {
    console.error('Refusing to add demo members with NODE_ENV=production: they all share a published password. Run `npm run seed:demo -- --force` if you really mean it.');
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const existing = await db.select({ id: users.id }).from(users).where(like(users.email, `%@${DOMAIN}`)).limit(1);
    if (existing.length) {
      console.log('Demo members are already there; nothing to do.');
      return;
    }
    const password = await hashPassword(DEMO_PASSWORD);
    const now = Date.now();
    const day = 86_400_000;
    await db.transaction(async (tx) => {
      let i = 0;
      for (const p of DEMO_PEOPLE) {
        i += 1;
        const username = `${p.firstName}.${p.lastName}`.toLowerCase();
        const appliedAt = new Date(now - (p.status === 'pending' ? i : 40 + i * 7) * day);
        const [u] = await tx
          .insert(users)
          .values({
            username,
            email: `${username}@${DOMAIN}`,
            password,
            firstName: p.firstName,
            lastName: p.lastName,
            role: p.role ?? 'partner',
            accountStatus: p.status,
            membershipTier: p.tier ?? 'standard',
            company: p.company,
            jobTitle: p.jobTitle,
            location: p.location,
            bio: p.bio,
            expertise: p.expertise,
            industries: p.industries,
            businessInterests: p.businessInterests,
            networkingGoals: p.networkingGoals,
            yearsExperience: p.yearsExperience,
            dateOfBirth: `${1990 - p.yearsExperience}-0${(i % 9) + 1}-1${i % 9}`,
            fullAddress: `${10 + i} High Street, ${p.location.split(',')[0]}, United Kingdom`,
            phoneNumber: `+44 20 7946 0${String(100 + i).padStart(3, '0')}`,
            linkedinUrl: `https://www.linkedin.com/in/${username.replace('.', '-')}`,
            appliedAt,
            approvedAt: p.status === 'approved' ? new Date(appliedAt.getTime() + 3 * day) : null,
            rejectedAt: p.status === 'rejected' ? new Date(appliedAt.getTime() + 4 * day) : null,
            rejectionReason: p.status === 'rejected' ? 'insufficient_experience' : null,
          })
          .returning({ id: users.id });
        await tx.insert(memberApplications).values({
          userId: u.id,
          createdAt: appliedAt,
          companyVerified: p.status !== 'pending' || i % 2 === 0,
          linkedinChecked: p.status !== 'pending' || i % 3 !== 0,
          backgroundVerified: p.status !== 'pending' || i === 13,
          riskAssessment: p.status === 'pending' ? (['low', 'medium', 'high'] as const)[i % 3] : 'low',
          competitorFlag: p.status === 'pending' && i === 14,
        });
      }
    });
    const sample = DEMO_PEOPLE.filter((p) => p.status === 'approved').slice(0, 3);
    console.log(`Added ${DEMO_PEOPLE.length} demo members (${DEMO_PEOPLE.filter((p) => p.status === 'pending').length} pending). Password for all: ${DEMO_PASSWORD}`);
    for (const p of sample) console.log(`  ${`${p.firstName}.${p.lastName}`.toLowerCase()} (${p.role ?? 'partner'})`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
