import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled } from '../helpers/page.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { signIn } from '../helpers/session.ts';

/**
 * The command palette, by keyboard alone: a partner presses Control+K, types part of another member's name, moves
 * to the member with the arrow keys, presses Enter and lands on that member's profile; typed again, "submit" offers
 * the Submit lead action, which opens its page. With the palette open, axe finds nothing serious.
 */
let server: RunningServer;
let desktop: BrowserContext;
const partner = { username: 'paz.palette', email: 'paz.palette@example.com', password: 'Partner-Pass-123', firstName: 'Paz', lastName: 'Palette' };
const found = { username: 'marguerite.findable', email: 'marguerite.findable@example.com', password: 'Partner-Pass-123', firstName: 'Marguerite', lastName: 'Findable' };

beforeAll(async () => {
  server = await startServer({ partners: [partner, found] });
  desktop = await newBrowser();
});
afterAll(async () => {
  await desktop?.close();
  await server?.stop();
});

describe('Command palette', () => {
  it('a partner finds a member and opens their profile with the keyboard alone, then opens an action', async () => {
    const page = await desktop.newPage();
    const problems = watchPage(page);
    await signIn(page, server, partner, { until: 'welcome-toast', skipTour: true });

    // the shortcut belongs to the signed-in screens' header: pressed before it has loaded, the key does nothing
    await page.getByRole('button', { name: /^Search/ }).waitFor({ state: 'visible', timeout: 15_000 });
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: /Search members, leads/ });
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    await page.keyboard.type('argueri');
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    const member = listbox.getByRole('option', { name: /Marguerite Findable/ });
    await member.waitFor({ state: 'visible', timeout: 15_000 });
    // the typed part is marked in the result
    expect(await member.locator('mark').first().textContent()).toBe('argueri');
    await accessibleWhenSettled(page, 'command palette open');

    // the member is the only match: the first option; arrows wrap around the list and come back to it
    const options = listbox.getByRole('option');
    const count = await options.count();
    for (let i = 0; i < count; i++) await page.keyboard.press('ArrowDown');
    expect(await member.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    expect(await member.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');

    await expect.poll(() => new URL(page.url()).searchParams.get('member') !== null, { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/community');
    await page.getByRole('dialog').getByText('Marguerite Findable').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.keyboard.press('Escape');

    // an action: "Submit lead" opens its page; the last search is offered when the box is empty
    await page.keyboard.press('Control+K');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await listbox.getByRole('option', { name: /argueri/ }).waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type('submit');
    await listbox.getByRole('option', { name: /Submit lead/ }).waitFor({ state: 'visible', timeout: 10_000 });
    expect(await listbox.getByRole('option').first().textContent()).toContain('Submit lead');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/submit-lead');
    expect(await input.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
