import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../helpers/app.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection loss', () => {
  it('a connection the server drops is replaced; the process does not crash and the next query works', async () => {
    const { database, drop } = await openTestDatabase();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await database.ping()).toBe(true);
      const { rows } = await (database.db as unknown as { $client: pg.Pool }).$client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/database connection lost/)));
      expect(await database.ping()).toBe(true);
    } finally {
      warn.mockRestore();
      await drop();
    }
  });
});
