// The two baselines for the benchmark, measured in the same run as the product:
//   GET /bare: a bare Fastify route, no database, no session (the ceiling of this machine and load generator);
//   GET /db:   a bare Fastify route doing one prepared single-row query through pg on the benchmark's database
//              (the DB baseline: what one round trip to PostgreSQL costs, with nothing of the product around it).
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) }) : null;
let userId: string | null = null;
if (pool) {
  const { rows } = await pool.query<{ id: string }>("select id from users where username = 'bench.partner'");
  userId = rows[0]?.id ?? null;
  if (!userId) throw new Error('the benchmark database has no bench.partner');
}

app.get('/bare', async () => ({ ok: true }));
app.get('/db', async () => {
  if (!pool) throw new Error('no DATABASE_URL');
  const { rows } = await pool.query({ name: 'bench_one_row', text: 'select id, username, first_name, last_name, role from users where id = $1', values: [userId] });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool?.end())
      .then(() => process.exit(0)),
);
