// The Analytics screen as a browser loads it: its six requests sent at once, the load over when the last answers.
// Measured one load at a time after a warm-up, so the figure is a page's latency on an otherwise idle server.

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
