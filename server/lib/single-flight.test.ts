import { describe, expect, it } from 'vitest';
import { SingleFlight, singleFlightPer } from './single-flight.ts';

/** A promise settled from outside, so a test decides when the shared work finishes. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs the work once for every caller that asks while it is under way, and all get its answer', async () => {
    const flights = new SingleFlight<string, number>();
    const gate = deferred<number>();
    let runs = 0;
    const work = () => {
      runs += 1;
      return gate.promise;
    };
    const callers = Array.from({ length: 25 }, () => flights.run('k', work));
    await Promise.resolve();
    expect(flights.size).toBe(1);
    gate.resolve(42);
    expect(await Promise.all(callers)).toEqual(Array(25).fill(42));
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
  });

  it('keeps different keys apart', async () => {
    const flights = new SingleFlight<string, string>();
    const seen: string[] = [];
    const [a, b] = await Promise.all([
      flights.run('a', async () => (seen.push('a'), 'A')),
      flights.run('b', async () => (seen.push('b'), 'B')),
      flights.run('a', async () => (seen.push('a again'), 'A2')),
    ]);
    expect([a, b]).toEqual(['A', 'B']);
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('gives a failure to every waiting caller, keeps nothing, and the next call runs the work again', async () => {
    const flights = new SingleFlight<string, number>();
    const gate = deferred<number>();
    let runs = 0;
    const failing = () => {
      runs += 1;
      return gate.promise;
    };
    const callers = Array.from({ length: 5 }, () => flights.run('k', failing));
    gate.reject(new Error('database went away'));
    const outcomes = await Promise.allSettled(callers);
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(Array(5).fill('database went away'));
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
    expect(await flights.run('k', async () => (runs += 1))).toBe(2);
  });

  it('registers and clears a call whose work throws before returning a promise', async () => {
    const flights = new SingleFlight<string, number>();
    const thrown = flights.run('k', () => {
      throw new Error('bad input');
    });
    const joined = flights.run('k', async () => 7);
    await expect(thrown).rejects.toThrow('bad input');
    await expect(joined).rejects.toThrow('bad input');
    expect(flights.size).toBe(0);
    expect(await flights.run('k', async () => 7)).toBe(7);
  });

  it('after forget, a new caller starts its own call while the earlier callers keep the first answer', async () => {
    const flights = new SingleFlight<string, string>();
    const first = deferred<string>();
    const early = flights.run('k', () => first.promise);
    flights.forget('k');
    const late = flights.run('k', async () => 'fresh');
    first.resolve('stale');
    expect(await early).toBe('stale');
    expect(await late).toBe('fresh');
    // the first call settling after forget does not remove a call that started later
    const second = deferred<string>();
    const third = deferred<string>();
    const a = flights.run('j', () => second.promise);
    flights.forget('j');
    const b = flights.run('j', () => third.promise);
    second.resolve('one');
    await a;
    expect(flights.size).toBe(1);
    expect(flights.run('j', async () => 'not run')).toBe(b);
    third.resolve('two');
    expect(await b).toBe('two');
  });
});

describe('singleFlightPer', () => {
  it('gives each owner its own flights and the same ones on every call', () => {
    const per = singleFlightPer<object, string, number>();
    const one = {};
    const two = {};
    expect(per(one)).toBe(per(one));
    expect(per(one)).not.toBe(per(two));
  });
});
