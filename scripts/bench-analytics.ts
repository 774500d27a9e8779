// The Analytics screen as a browser loads it (its six requests sent at once, the load over when the last answers),
// and the command palette's search as one member types. Measured one load or request at a time after a warm-up, so
// the figures are what one person waits on an otherwise idle server; the load test measures many at once.

/** The endpoints the screen reads, each over the same period. */
export const ANALYTICS_ENDPOINTS = ['referrals', 'funnel', 'commissions', 'events', 'community', 'applications'] as const;
const WARM_LOADS = 3;
const LOADS = 30;

export interface PageLoads {
  loads: number;
  p50: number;
  p95: number;
  max: number;
}

/** Milliseconds per load of the Analytics screen's data for the period (`from=…&to=…`), as the administrator. */
export async function measureAnalyticsPage(base: string, cookie: string, period: string): Promise<PageLoads> {
  const once = async () => {
    const t = performance.now();
    await Promise.all(
      ANALYTICS_ENDPOINTS.map(async (name) => {
        const res = await fetch(`${base}/api/analytics/${name}?${period}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`/api/analytics/${name}: ${res.status}`);
        await res.arrayBuffer();
      }),
    );
    return performance.now() - t;
  };
  for (let i = 0; i < WARM_LOADS; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { loads: LOADS, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] };
}

/** Texts typed into the command palette: seeded lead, member and post names, and ones matching nothing. */
const TYPED = ['Prospect 12', 'Company 12', 'Scale post 7', 'Member 4', 'zzq nothing'];
const TYPING_ROUNDS = 3;

export interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The command palette as one member types: GET /api/search for each text typed so far (from two characters on), one
 * request at a time as the palette sends them, over every text TYPING_ROUNDS times after one warm-up round.
 */
export async function measureSearchTyping(base: string, cookie: string): Promise<Latencies> {
  const asked = TYPED.flatMap((text) => Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2).trim())).filter((t) => t.length >= 2);
  const round = async (times?: number[]) => {
    for (const text of asked) {
      const t = performance.now();
      const res = await fetch(`${base}/api/search?q=${encodeURIComponent(text)}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`/api/search?q=${text}: ${res.status}`);
      await res.arrayBuffer();
      times?.push(performance.now() - t);
    }
  };
  await round();
  const times: number[] = [];
  for (let i = 0; i < TYPING_ROUNDS; i++) await round(times);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { requests: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: times[times.length - 1] };
}
