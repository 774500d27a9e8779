// The baselines for the benchmark, measured in the same run as the product:
//   GET /bare: a bare Fastify route, no database, no session (the ceiling of this machine and load generator);
//   GET /db:   a bare Fastify route doing one prepared single-row query through pg on the benchmark's database
//              (the DB baseline: what one round trip to PostgreSQL costs, with nothing of the product around it);
//   GET /list: a bare Fastify route running the administrators' first page of 50 leads (the same columns, join,
//              duplicate flag, total and key columns as the product's list) as one prepared pg statement, its rows
//              sent as pg returns them (the list baseline: what a page of rows costs, with no session or presenter).
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10), options: '-c jit=off' })
  : null;
let userId: string | null = null;
if (pool) {
  const { rows } = await pool.query<{ id: string }>("select id from users where username = 'bench.partner'");
  userId = rows[0]?.id ?? null;
  if (!userId) throw new Error('the benchmark database has no bench.partner');
}

const LIST_PAGE = 50;
const LIST_SQL = `
  select l.id, l.submitter_id, l.lead_type, l.company_name, l.industry, l.contact_name, l.contact_email,
    l.project_description, l.estimated_value, l.urgency, l.relationship_strength, l.status, l.notes,
    l.created_at, l.updated_at, l.source_event_id, u.first_name || ' ' || u.last_name as submitter_name,
    (
      exists (
        select 1 from leads d
        where d.company_key = l.company_key and d.status not in ('closed-won', 'closed-lost') and d.id <> l.id
      )
      or (l.contact_domain <> '' and exists (
        select 1 from leads d
        where d.contact_domain = l.contact_domain and d.contact_domain <> '' and d.status not in ('closed-won', 'closed-lost') and d.id <> l.id
      ))
    ) as possible_duplicate,
    (select coalesce(sum(t.n), 0) from lead_status_totals t)::int as total,
    l.created_at::text as _k0, l.id::text as _k1
  from leads l inner join users u on u.id = l.submitter_id
  order by l.created_at desc, l.id desc
  limit $1`;

app.get('/bare', async () => ({ ok: true }));
app.get('/db', async () => {
  if (!pool) throw new Error('no DATABASE_URL');
  const { rows } = await pool.query({ name: 'bench_one_row', text: 'select id, username, first_name, last_name, role from users where id = $1', values: [userId] });
  return rows[0];
});
app.get('/list', async () => {
  if (!pool) throw new Error('no DATABASE_URL');
  const { rows } = await pool.query({ name: 'bench_lead_page', text: LIST_SQL, values: [LIST_PAGE + 1] });
  return { items: rows.slice(0, LIST_PAGE), total: rows[0]?.total ?? 0 };
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
