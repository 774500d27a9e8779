import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { commissions } from '../db/schema/index.ts';
import { csvPages, jsonArrayPages, keysetPages, mapPages, primed, streamAfter, textStream, type StreamOrder, type StreamPage } from './stream-pages.ts';

const NEWEST: StreamOrder = {
  parts: [
    { expr: commissions.createdAt, type: 'timestamptz' },
    { expr: commissions.id, type: 'uuid' },
  ],
  desc: true,
};

async function* from<T>(pages: T[][]) {
  for (const page of pages) yield page;
}
async function collect<T>(chunks: AsyncIterable<T>) {
  const out: T[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

/** A table of `total` rows keyed 0, 1, 2… read as `keysetPages` asks, remembering each request. */
function fakeTable(total: number) {
  const asked: Array<{ after: string | null; limit: number }> = [];
  let next = 0;
  const read = async (p: StreamPage) => {
    asked.push({ after: p.after ? new PgDialect().sqlToQuery(p.after).params.join('|') : null, limit: p.limit });
    const rows = Array.from({ length: Math.max(0, Math.min(p.limit, total - next)) }, (_, i) => ({ n: next + i, key: [`t${next + i}`, `id${next + i}`] }));
    next += rows.length;
    return rows;
  };
  return { asked, read };
}

describe('streamAfter', () => {
  it('compares the whole key as one row, against its text values cast back to their types', () => {
    const q = new PgDialect().sqlToQuery(streamAfter(NEWEST, ['2026-01-05 09:00:00.000123+00', 'b1c7']));
    expect(q.sql).toBe('("commissions"."created_at", "commissions"."id") < (cast($1 as timestamptz), cast($2 as uuid))');
    expect(q.params).toEqual(['2026-01-05 09:00:00.000123+00', 'b1c7']);
    expect(new PgDialect().sqlToQuery(streamAfter({ ...NEWEST, desc: false }, ['a', 'b'])).sql).toContain(') > (');
  });
});

describe('keysetPages', () => {
  it('reads on from the last key of each page and stops after a short page', async () => {
    const table = fakeTable(25);
    const pages = await collect(keysetPages(NEWEST, table.read, 10));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat().map((r) => r.n)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(table.asked).toEqual([
      { after: null, limit: 10 },
      { after: 't9|id9', limit: 10 },
      { after: 't19|id19', limit: 10 },
    ]);
  });

  it('asks once more after a full last page, and yields no empty page', async () => {
    const table = fakeTable(20);
    expect((await collect(keysetPages(NEWEST, table.read, 10))).map((p) => p.length)).toEqual([10, 10]);
    expect(table.asked).toHaveLength(3);
  });

  it('asks for the next page before handing on the one that arrived, holding at most two', async () => {
    const table = fakeTable(30);
    const pages = keysetPages(NEWEST, table.read, 10);
    const first = await pages.next();
    expect(first.value).toHaveLength(10);
    // page 2 is already being read while page 1 is with the reader; page 3 is not
    expect(table.asked.map((a) => a.after)).toEqual([null, 't9|id9']);
    await pages.return();
  });

  it('a page read ahead that fails after the reader went away is not an unhandled rejection', async () => {
    let calls = 0;
    const read = async (p: StreamPage) => {
      calls++;
      if (calls === 2) throw new Error('connection closed');
      return Array.from({ length: p.limit }, (_, i) => ({ n: i, key: [`t${i}`, `id${i}`] }));
    };
    const pages = keysetPages(NEWEST, read, 5);
    expect((await pages.next()).value).toHaveLength(5);
    await pages.return();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(2);
  });
});

describe('jsonArrayPages', () => {
  const cases: Record<string, unknown[][]> = {
    'no pages': [],
    'empty pages': [[], []],
    'one item': [[{ a: 1 }]],
    'items over pages, nested, with line breaks in strings and undefined': [[{ a: [1, { b: 'x\ny' }], c: null, d: undefined }, 'text'], [], [[], {}, undefined, 3]],
  };
  it.each(Object.entries(cases))('writes the text JSON.stringify(list, null, 2) would: %s', async (_, pages) => {
    expect((await collect(jsonArrayPages(from(pages)))).join('')).toBe(JSON.stringify(pages.flat(), null, 2));
  });
});

describe('csvPages', () => {
  it('puts the header with the first page, one chunk a page, and the header alone when there is no row', async () => {
    expect(await collect(csvPages('h\r\n', from([[1, 2], [3]]), (n) => `${n}\r\n`))).toEqual(['h\r\n1\r\n2\r\n', '3\r\n']);
    expect(await collect(csvPages('h\r\n', from<number>([]), (n) => `${n}\r\n`))).toEqual(['h\r\n']);
  });
});

describe('primed and textStream', () => {
  it('reads the first page before answering, so a failing first read is an error, not a cut-off file', async () => {
    const failing = keysetPages(NEWEST, () => Promise.reject(new Error('database down')));
    await expect(primed(csvPages('h\r\n', failing, String))).rejects.toThrow('database down');
  });

  it('errors the stream when a later page fails, after the first bytes went out', async () => {
    let n = 0;
    const failingLater = keysetPages(
      NEWEST,
      async () => {
        n += 1;
        if (n > 1) throw new Error('connection lost');
        return Array.from({ length: 10 }, (_, i) => ({ n: i, key: ['t', `id${i}`] }));
      },
      10,
    );
    const stream = textStream(await primed(csvPages('h\r\n', failingLater, (r) => `${r.n}\r\n`)));
    const received: string[] = [];
    stream.on('data', (c: Buffer) => received.push(c.toString()));
    const failure = await new Promise<Error>((resolve) => stream.once('error', resolve));
    expect(failure.message).toBe('connection lost');
    expect(received.join('')).toMatch(/^h\r\n0\r\n/);
  });

  it('stops reading pages when the reader goes away', async () => {
    const table = fakeTable(10_000);
    let ended = false;
    const pages = (async function* () {
      try {
        yield* keysetPages(NEWEST, table.read, 100);
      } finally {
        ended = true;
      }
    })();
    const stream = textStream(
      await primed(
        csvPages(
          'h\r\n',
          mapPages(pages, (rows) => rows.map((r) => 'x'.repeat(2000) + r.n)),
          (l) => `${l}\r\n`,
        ),
      ),
    );
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.toString()).toMatch(/^h\r\nx+0\r\n/);
    // a paused reader: the stream reads ahead only while less than its high-water mark is waiting
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(table.asked.length).toBeLessThanOrEqual(3);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(true);
    // a page or two read ahead of the reader at most, never the 100 pages of the table
    expect(table.asked.length).toBeLessThanOrEqual(4);
  });
});
