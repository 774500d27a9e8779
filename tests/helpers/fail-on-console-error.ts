import { afterEach, vi } from 'vitest';

/** A test fails on an unexpected console.error: errors must be asserted, not ignored. */
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`Unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
