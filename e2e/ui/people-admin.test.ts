import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * People administration, as the organisation's master-admin runs it: she narrows User Management to active
 * partners, corrects a member's job title, makes him an admin after a confirmation that names the change, and
 * downloads the filtered list as CSV.
 */
let server: RunningServer;
let browser: BrowserContext;
const master = { username: 'eleanor.master', email: 'eleanor.master@example.com', password: 'Master-Pass-123', firstName: 'Eleanor', lastName: 'Whitmore' };
const tom = {
  username: 'tom.baker',
  email: 'tom.baker.with.a.long.address@northwind-consulting.example.com',
  password: 'Tom-Pass-1234',
  firstName: 'Tom',
  lastName: 'Baker',
};
const wendy = { username: 'wendy.walsh', email: 'wendy.walsh@example.com', password: 'Wendy-Pass-123', firstName: 'Wendy', lastName: 'Walsh' };

beforeAll(async () => {
  server = await startServer({ masterAdmins: [master], partners: [tom, wendy] });
  browser = await newBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The users table's row of one person (the table is shown from 1280 px). */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

describe('User Management', () => {
  it('filters, edits a job title, promotes to admin after confirming, and downloads the CSV', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);
    await signIn(page, server, master, { until: 'welcome-toast' });
    await page.goto(`${server.baseUrl}/admin?tab=users`);
    await expect.poll(() => rowOf(page, 'Tom Baker').count(), { timeout: 15_000 }).toBe(1);
    // the whole address is on screen, not cut short
    expect(await rowOf(page, 'Tom Baker').getByText(tom.email, { exact: true }).isVisible()).toBe(true);

    // active partners only: the master-admin's own row goes
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Partner' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect.poll(() => rowOf(page, 'Eleanor Whitmore').count(), { timeout: 10_000 }).toBe(0);
    expect(await rowOf(page, 'Tom Baker').count()).toBe(1);
    expect(await rowOf(page, 'Tom Baker').getByText('Active', { exact: true }).count()).toBe(1);
    await fillChecked(page.getByRole('searchbox', { name: 'Search' }), 'baker');
    await expect.poll(() => rowOf(page, 'Wendy Walsh').count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(page, 'user management, filtered');

    // edit the job title
    await rowOf(page, 'Tom Baker').getByRole('button', { name: 'More actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Edit details…' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tom Baker’s details' });
    await expect.poll(() => edit.count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'edit details dialog');
    await fillChecked(edit.getByLabel('Job Title'), 'Head of Interim Finance');
    await edit.getByRole('button', { name: 'Save details' }).click();
    await expectToast(page, 'Details saved');
    await expect.poll(() => edit.count(), { timeout: 10_000 }).toBe(0);

    // promote, after a confirmation that names the change
    await rowOf(page, 'Tom Baker').getByRole('button', { name: 'More actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Change role…' }).click();
    const role = page.getByRole('dialog', { name: 'Make Tom Baker an admin?' });
    await expect.poll(() => role.count(), { timeout: 10_000 }).toBe(1);
    expect(await role.getByText(/Tom Baker is a partner now\. They will be able to open the Admin Panel/).count()).toBe(1);
    await expectAccessible(page, 'change role dialog');
    await role.getByRole('button', { name: 'Make an admin' }).click();
    await expectToast(page, 'Role changed');
    // now an admin: the partner filter no longer lists him; all roles shows him as Admin
    await expect.poll(() => rowOf(page, 'Tom Baker').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await expect.poll(() => rowOf(page, 'Tom Baker').count(), { timeout: 10_000 }).toBe(1);
    expect(await rowOf(page, 'Tom Baker').getByText('Admin', { exact: true }).count()).toBe(1);

    // the CSV of the current filter
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d\d-\d\d-admin-active\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^First name,Last name,Username,E-mail,/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`Tom,Baker,${tom.username},${tom.email},`);
    expect(lines[1]).toContain(',Admin,Active,');
    expect(lines[1]).toContain('Head of Interim Finance');

    // the member's own view follows at once
    const tomPage = await (await newBrowser()).newPage();
    await signIn(tomPage, server, tom, { until: 'welcome-toast' });
    const me = await tomPage.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as { user: { role: string; can: { adminPanel: boolean } } });
    expect(me.user).toMatchObject({ role: 'admin', can: { adminPanel: true } });
    await tomPage.context().close();
    expect(problems).toEqual([]);
  });
});
