/**
 * Work shared by the callers that ask for it at the same time, within one process: while a fill for a key is
 * under way, every further caller with that key awaits the same promise instead of starting its own. The entry
 * goes as soon as the promise settles, so nothing is remembered afterwards (the caller's cache does that): a
 * failure reaches every caller that was waiting on it, and the next call after it starts afresh.
 *
 * Across processes nothing is shared: two instances may each fill the same key once, so what a fill writes must
 * be safe to write twice (an upsert).
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** The answer of `work()`, or of the call already under way for `key`. */
  run(key: K, work: () => Promise<V>): Promise<V> {
    const pending = this.flights.get(key);
    if (pending) return pending;
    // started on the next tick, so even a `work` that throws at once is registered first and removed after
    const flight: Promise<V> = Promise.resolve()
      .then(work)
      .finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      });
    this.flights.set(key, flight);
    return flight;
  }

  /**
   * Callers from now on start a call of their own for `key` instead of joining the one under way (whose answer
   * was read before something it depends on changed); the callers already waiting still get that answer.
   */
  forget(key: K): void {
    this.flights.delete(key);
  }

  /** How many keys have a call under way. */
  get size(): number {
    return this.flights.size;
  }
}

/** One SingleFlight per owner (a database handle, an app), created on first use and gone with its owner. */
export function singleFlightPer<O extends object, K, V>(): (owner: O) => SingleFlight<K, V> {
  const byOwner = new WeakMap<O, SingleFlight<K, V>>();
  return (owner) => {
    let flights = byOwner.get(owner);
    if (!flights) byOwner.set(owner, (flights = new SingleFlight<K, V>()));
    return flights;
  };
}
