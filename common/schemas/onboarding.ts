import { z } from 'zod';
import { instantSchema } from './money.ts';

/** The dashboard tour's progress, remembered on the server. */
export const onboardingSchema = z.object({
  hasCompletedWizard: z.boolean(),
  currentWizardStep: z.number(),
  completedWizardSteps: z.array(z.string()),
  wizardCompletedAt: instantSchema.nullable(),
  /** One-time introductions already seen (the member directory's welcome, for one). */
  seenIntros: z.array(z.string()),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingUpdateSchema = z
  .object({
    hasCompletedWizard: z.boolean().optional(),
    currentWizardStep: z.number().int().min(0).max(20).optional(),
    completedWizardSteps: z.array(z.string().max(40)).max(20).optional(),
  })
  .strict();
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;
