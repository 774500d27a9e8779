import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The dashboard tour as a newly approved member meets it: it opens by itself on the first dashboard, every step
 * down to Finish is worked with the mouse on a wide screen and with a finger on a touch phone (a card under its
 * backdrop would refuse the click or the tap), and once finished it stays finished. A member who starts using the page before the tour opens
 * is not interrupted: it waits for their next visit.
 */
let server: RunningServer;
const desk = { username: 'dora.desk', email: 'dora@example.com', password: 'Partner-Pass-123', firstName: 'Dora', lastName: 'Desk' };
const phone = { username: 'pip.phone', email: 'pip@example.com', password: 'Partner-Pass-123', firstName: 'Pip', lastName: 'Phone' };

beforeAll(async () => {
  server = await startServer({ partners: [desk, phone] });
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const tour = (page: Page) => page.getByRole('dialog');
const stepText = (page: Page) =>
  tour(page)
    .getByText(/^Step \d of 5$/)
    .textContent();
const serverDone = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/onboarding')).json()) as { hasCompletedWizard: boolean }).hasCompletedWizard);

/** Walks the tour by mouse clicks or finger taps only: Next to the last step, Back and Next again, then Finish. */
async function finishByPointer(page: Page, by: 'click' | 'tap') {
  const press = (name: string) =>
    by === 'tap' ? tour(page).getByRole('button', { name }).tap({ timeout: 5_000 }) : tour(page).getByRole('button', { name }).click({ timeout: 5_000 });
  await expect.poll(() => tour(page).getByText('Welcome to your dashboard').count(), { timeout: 15_000 }).toBe(1);
  for (let i = 1; i < 5; i++) {
    await press('Next');
    await expect.poll(() => stepText(page)).toBe(`Step ${i + 1} of 5`);
  }
  expect(await tour(page).getByText('You’re all set!').count()).toBe(1);
  await press('Back');
  await expect.poll(() => stepText(page)).toBe('Step 4 of 5');
  await press('Next');
  await expect.poll(() => stepText(page)).toBe('Step 5 of 5');
  // the card is the topmost thing where Finish is drawn: nothing covers it
  const finish = tour(page).getByRole('button', { name: 'Finish' });
  const onTop = await finish.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(onTop).toBe(true);
  await press('Finish');
  await expect.poll(() => tour(page).count()).toBe(0);
  await expect.poll(() => serverDone(page)).toBe(true);
  // finished means finished: not offered again after a reload
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { name: 'Quick Actions' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(3_000);
  expect(await tour(page).count()).toBe(0);
}

describe('guided tour', () => {
  let browser: BrowserContext | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('is finished by click at 1280 px', async () => {
    browser = await newBrowser({ width: 1280, height: 800 });
    const page = await browser.newPage();
    const problems = watchPage(page);
    await signIn(page, server, desk, { until: 'dashboard' });
    await finishByPointer(page, 'click');
    expect(problems).toEqual([]);
    await browser.close();
    browser = undefined;
  });

  it('waits while a member is busy, then is finished by tap on a 390 px touch phone', async () => {
    browser = await newBrowser({ width: 390, height: 844 }, { touch: true });
    const page = await browser.newPage();
    const problems = watchPage(page);
    expect(await page.evaluate(() => navigator.maxTouchPoints > 0 && matchMedia('(pointer: coarse)').matches)).toBe(true);
    await signIn(page, server, phone, { until: 'dashboard' });
    // the member starts doing something before the tour's two seconds are up (a finger on the page): it does not interrupt them
    await page.getByRole('heading', { name: 'Quick Actions' }).first().tap();
    await page.waitForTimeout(3_500);
    expect(await tour(page).count()).toBe(0);
    expect(await serverDone(page)).toBe(false);
    // and is offered on the next visit
    await page.reload();
    await finishByPointer(page, 'tap');
    expect(problems).toEqual([]);
    await browser.close();
    browser = undefined;
  });
});
