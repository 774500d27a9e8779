import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeTopic } from '../../common/constants/changes.ts';
import { invalidateKeys } from './query-keys.ts';
import { REFRESHES } from './refresh-registry.ts';

/**
 * Which of one feature's query keys refresh on which change topics. Each feature declares its own in
 * `web/features/<feature>/api/refresh.ts`, and `refresh-registry.ts` lists them all; a mutation names only what it
 * changed (`changed(client, 'lead')`), never the other features' screens.
 */
export type Refreshes = Partial<Record<ChangeTopic, readonly QueryKey[]>>;

/** Every query key that refreshes on any of `topics`, each once, in the registry's order. */
export function keysFor(topics: ChangeTopic | readonly ChangeTopic[], registry: readonly Refreshes[] = REFRESHES): QueryKey[] {
  const wanted = typeof topics === 'string' ? [topics] : topics;
  const seen = new Set<string>();
  const keys: QueryKey[] = [];
  for (const refreshes of registry) {
    for (const topic of wanted) {
      for (const key of refreshes[topic] ?? []) {
        const hash = hashKey(key);
        if (!seen.has(hash)) {
          seen.add(hash);
          keys.push(key);
        }
      }
    }
  }
  return keys;
}

/**
 * Refreshes every query that shows what changed (marked stale, refetched when shown). A query whose key is exactly
 * `except` is left alone (a lead just deleted, whose timeline would answer 404).
 */
export function changed(client: QueryClient, topics: ChangeTopic | readonly ChangeTopic[], options: { except?: QueryKey } = {}): Promise<void[]> {
  return invalidateKeys(client, keysFor(topics), options.except);
}
