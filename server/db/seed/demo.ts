import { loadConfig } from '../../config.ts';
import { createStorage } from '../../plugins/storage.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { DEMO_PEOPLE } from './demo-data.ts';
import { DEMO_PASSWORD, demoUsername, seedDemo } from './demo-seed.ts';

/** Fills the database the server uses with a living demo (idempotent: a second run adds nothing). */
async function main() {
  // demo members share a published password: never on a production database unless the operator insists
  if (process.env.NODE_ENV === 'production' && !process.argv.slice(2).includes('--force')) {
    console.error(
      'Refusing to add demo members with NODE_ENV=production: they all share a published password. Run `npm run seed:demo -- --force` if you really mean it.',
    );
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const added = await seedDemo(database.db, new Date(), await createStorage(config), config.payoutKey);
    if (!added.members && !added.leads) {
      console.log('The demo is already there; nothing to do.');
      return;
    }
    const pending = DEMO_PEOPLE.filter((p) => p.status === 'pending').length;
    console.log(
      `Added ${added.members} demo members (${pending} applicants waiting for review), ${added.leads} leads with their timelines and commissions, ${added.connections} connections, ${added.posts} community posts, ${added.endorsements} skill endorsements, ${added.mentors} mentors, ${added.events} events, ${added.timesheets} timesheets and ${added.pictures} profile photos. Password for all: ${DEMO_PASSWORD}`,
    );
    for (const p of DEMO_PEOPLE.filter((x) => x.status === 'approved').slice(0, 3)) console.log(`  ${demoUsername(p)} (${p.role ?? 'partner'})`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
