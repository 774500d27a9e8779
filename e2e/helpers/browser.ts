import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A fresh Chromium profile (persistent context, as these machines need) with a viewport. `touch` makes it a phone
 * as the page sees it: a touch screen (`locator.tap()` works) and the mobile viewport and user agent.
 */
export async function newBrowser(viewport = { width: 1280, height: 800 }, o: { touch?: boolean } = {}): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-chromium-'));
  const device = o.touch ? { hasTouch: true, isMobile: true } : {};
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport, ...device });
  await context.addInitScript(recordToasts);
  return context;
}

/** Runs in every page: keeps the text of every toast that was shown, so a test can check a toast after it has gone. */
function recordToasts() {
  const w = window as unknown as { __toasts: string[] };
  const seen: string[] = (w.__toasts = []);
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-swipe-direction]')) {
      const text = el.textContent ?? '';
      if (text && !seen.includes(text)) seen.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * A toast containing `text` was shown on this page (now or earlier). On failure the message says which toasts were
 * shown and what any open dialog or alert says, so a failure on a slow machine can be read from the log alone.
 */
export async function expectToast(page: Page, text: string, timeout = 30_000) {
  const shown = () => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
  try {
    await expect.poll(async () => (await shown()).some((t) => t.includes(text)), { timeout }).toBe(true);
  } catch (e) {
    const dialogs = await page.locator('[role=dialog], [role=alertdialog], [role=alert]').allTextContents();
    const fields = await page
      .locator('[role=dialog] input, [role=dialog] textarea')
      .evaluateAll((els) => els.map((el) => `${el.id || (el as HTMLInputElement).name}=${JSON.stringify((el as HTMLInputElement).value)}`));
    throw new Error(
      `no toast "${text}"; toasts shown: ${JSON.stringify(await shown())}; dialogs and alerts: ${JSON.stringify(dialogs)}; fields in dialogs: ${fields.join(', ')}`,
      { cause: e },
    );
  }
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

/**
 * No serious or critical axe-core violation on the page once nothing on it is moving (a dialog half faded in is
 * not a finding). axe-core is put into the document once (a navigation brings a new document, which gets it again)
 * and asked for violations only: the pages have no frames, and collecting every passing node, as a full report
 * does, more than doubled the time of each check.
 */
export async function expectAccessible(page: Page, label: string) {
  // a dialog or toast still moving in is waited for (at most 5 s); a spinner that turns for ever is not
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => {});
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.targets.slice(0, 3).join(', ')}`)).toEqual([]);
}

/**
 * Types `value` into a field and checks the field holds it, typing once more if not: on a busy machine a fill into
 * a dialog's field was once seen not to take. A field that still does not hold the value fails the test here.
 */
export async function fillChecked(field: Locator, value: string) {
  await field.fill(value);
  if ((await field.inputValue()) !== value) await field.fill(value);
  expect(await field.inputValue()).toBe(value);
}
