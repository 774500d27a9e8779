export * from './users.ts';
export * from './leads.ts';
export * from './community.ts';
export * from './mentoring.ts';
export * from './work.ts';
export * from './account.ts';
export * from './domain-events.ts';
export * from './payouts.ts';
