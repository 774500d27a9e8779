import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh Chromium profile (persistent context, as these machines need) with a viewport. */
export async function newBrowser(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-chromium-'));
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport });
}

/** Collects console errors and failed same-origin requests; a journey asserts the list stays empty. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // the browser itself logs a 401 from the signed-in check on signed-out screens; that 401 means "signed out"
    if (m.location().url.endsWith('/api/auth/me') && m.text().includes('401')) return;
    problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}
