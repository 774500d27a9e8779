import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder } from './keyset.ts';

const dialect = new PgDialect();
const text = (s: ReturnType<typeof sql>) => dialect.sqlToQuery(s);
const newestFirst: KeyOrder = [
  { expr: sql`created_at`, type: 'timestamptz', desc: true },
  { expr: sql`id`, type: 'uuid', desc: true },
];

describe('keyset conditions', () => {
  it('one row comparison when every part runs the same way, flipped for a page read backwards', () => {
    expect(text(keysetCondition(newestFirst, 'after', ['2026-01-01 00:00:00.123456+00', 'b']))).toMatchObject({
      sql: '(created_at, id) < (cast($1 as timestamptz), cast($2 as uuid))',
      params: ['2026-01-01 00:00:00.123456+00', 'b'],
    });
    expect(text(keysetCondition(newestFirst, 'before', ['t', 'b'])).sql).toBe('(created_at, id) > (cast($1 as timestamptz), cast($2 as uuid))');
    expect(keysetOrderBy(newestFirst, 'before').map((s) => text(s).sql)).toEqual(['created_at asc', 'id asc']);
  });

  it('mixed directions expand part by part', () => {
    const order: KeyOrder = [
      { expr: sql`points`, type: 'integer', desc: true },
      { expr: sql`id`, type: 'uuid' },
    ];
    expect(text(keysetCondition(order, 'after', ['5', 'x'])).sql).toBe('(points < cast($1 as integer) or (points = cast($2 as integer) and id > cast($3 as uuid)))');
  });

  it('a cursor round-trips, and one the server did not make is refused', () => {
    expect(decodeCursor(newestFirst, encodeCursor(['a', 'b']))).toEqual(['a', 'b']);
    expect(() => decodeCursor(newestFirst, encodeCursor(['a']))).toThrow('Cursor is not valid');
    expect(() => decodeCursor(newestFirst, 'not json')).toThrow('Cursor is not valid');
    expect(() => decodeCursor(newestFirst, Buffer.from('[1,2]').toString('base64url'))).toThrow('Cursor is not valid');
  });
});

describe('readKeysetPage', () => {
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, _k0: `t${from + i}`, _k1: `${from + i}` }));

  it('reads one more row than shown to know whether a next page exists, and strips the key columns', async () => {
    const page = await readKeysetPage(newestFirst, { page: 1, pageSize: 2 }, async (plan) => {
      expect(plan.limit).toBe(3);
      return rows(1, 3);
    });
    expect(page.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(decodeCursor(newestFirst, page.nextCursor!)).toEqual(['t2', '2']);
    expect(page.prevCursor).toBeNull();
  });

  it('a page read backwards comes out in the list order; reaching the start short reads page 1 again', async () => {
    const back = await readKeysetPage(newestFirst, { page: 3, pageSize: 2, before: encodeCursor(['t5', '5']) }, async () => [
      { id: 4, _k0: 't4', _k1: '4' },
      { id: 3, _k0: 't3', _k1: '3' },
      { id: 2, _k0: 't2', _k1: '2' },
    ]);
    expect(back.rows.map((r) => r.id)).toEqual([3, 4]);
    expect(back.page).toBe(3);
    let reads = 0;
    const start = await readKeysetPage(newestFirst, { page: 2, pageSize: 2, before: encodeCursor(['t2', '2']) }, async (plan) => {
      reads++;
      return plan.mode === 'before' ? [{ id: 1, _k0: 't1', _k1: '1' }] : rows(1, 3);
    });
    expect(reads).toBe(2);
    expect(start.page).toBe(1);
    expect(start.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('a page by number alone is sought from the key before it, then read after it', async () => {
    const seen: string[][] = [];
    const page = await readKeysetPage(
      newestFirst,
      { page: 4, pageSize: 2 },
      async (plan) => {
        seen.push(plan.values);
        expect(plan.mode).toBe('after');
        return rows(7, 2);
      },
      async (offset) => (offset === 5 ? ['t6', '6'] : undefined),
    );
    expect(seen).toEqual([['t6', '6']]);
    expect(page.rows.map((r) => r.id)).toEqual([7, 8]);
    expect(page.nextCursor).toBeNull();
    expect(page.prevCursor).not.toBeNull();
  });
});
