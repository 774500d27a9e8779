import { sql } from 'drizzle-orm';
import { openDatabase } from './server/db/client.ts';
const database = await openDatabase({ dataDir: process.argv[2] });
const t = await database.db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema='public' and table_type='BASE TABLE' order by 1`);
const rows = ((t as any).rows ?? t) as { name: string }[];
for (const { name } of rows) {
  const r = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
  console.log(name, (((r as any).rows ?? r) as any[])[0].n);
}
await database.close();
