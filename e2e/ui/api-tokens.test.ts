import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled } from '../helpers/page.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { confirmIfAsked, signIn } from '../helpers/session.ts';

/**
 * API tokens as people make them: an administrator creates an organisation token in Admin Panel → Integrations
 * (confirming it is her first), copies the secret shown once, the token reads the leads, she revokes it and it stops
 * working. A partner creates a personal token in Profile Settings → Security and is offered only the two scopes a
 * personal token may hold. Both screens are checked with axe at desktop and phone widths.
 */
let server: RunningServer;
let desktop: BrowserContext;
let phone: BrowserContext;
const admin = { username: 'ada.integrations', email: 'ada.integrations@example.com', password: 'Admin-Pass-123', firstName: 'Ada', lastName: 'Lovelace' };
const partner = { username: 'pat.partner', email: 'pat.partner@example.com', password: 'Partner-Pass-123', firstName: 'Pat', lastName: 'Partner' };

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [partner] });
  desktop = await newBrowser();
  await desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  phone = await newBrowser({ width: 390, height: 844 }, { touch: true });
});
afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await server?.stop();
});

/** Problems other than the refusal this journey provokes on purpose: a change asked to confirm identity first (403). */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 403/.test(p));

/** The same request an integration would make with the token. */
const readLeads = (secret: string) => fetch(`${server.baseUrl}/api/leads`, { headers: { authorization: `Bearer ${secret}` } });

describe('API tokens', () => {
  it('an administrator creates an organisation token, uses it, and revokes it', async () => {
    const page = await desktop.newPage();
    const problems = watchPage(page);
    await signIn(page, server, admin, { until: 'welcome-toast', skipTour: true });
    await page.goto(`${server.baseUrl}/admin?tab=integrations`);
    await expect.poll(() => page.getByText('No API tokens yet').count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(page, 'integrations, no tokens (1280)');

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create organisation token' });
    await expect.poll(() => dialog.count()).toBe(1);
    // every scope is offered, each with what it allows
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(8);
    expect(await dialog.getByText('Read leads and their progress, as the token’s creator sees them.').count()).toBe(1);
    // nothing chosen: the dialog says what is missing and sends nothing
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => dialog.getByText('Give the token a name.').count()).toBe(1);
    expect(await dialog.getByText('Choose at least one scope.').count()).toBe(1);
    await expectAccessible(page, 'create token dialog (1280)');

    await fillChecked(dialog.getByLabel('Name'), 'CRM sync');
    await dialog.getByRole('checkbox', { name: 'leads:read' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'leads:read' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const secret = await confirmIfAsked(page, admin.password, 'token-secret');
    expect(secret).toMatch(/^cpo_[0-9A-Za-z]{49}$/);
    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    expect(await shown.getByText('it will not be shown again', { exact: false }).count()).toBe(1);
    await expectAccessible(page, 'new token secret (1280)');
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await expectToast(page, 'Token copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // shown once: gone from the page, and the list shows only its last four characters
    expect(await page.content()).not.toContain(secret);
    const row = page.getByRole('row').filter({ hasText: 'CRM sync' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toContain(`…${secret.slice(-4)}`);
    expect(await row.textContent()).toContain('Never used');

    expect((await readLeads(secret)).status).toBe(200);
    // its use is recorded: read again, the list says when and from where
    await page.reload();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toContain('from 127.0.0.1');

    await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
    const confirmRevoke = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await expect.poll(() => confirmRevoke.count()).toBe(1);
    await confirmRevoke.getByRole('button', { name: 'Revoke token' }).click();
    await expectToast(page, 'Token revoked');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Revoked');
    expect(await page.getByRole('button', { name: 'Revoke CRM sync' }).count()).toBe(0);
    expect((await readLeads(secret)).status).toBe(401);
    await accessibleWhenSettled(page, 'integrations with a revoked token (1280)');
    expect(unexpected(problems)).toEqual([]);
    await page.close();

    // the same screen on a phone: cards instead of the table
    const small = await phone.newPage();
    const smallProblems = watchPage(small);
    await signIn(small, server, admin, { until: 'welcome-toast', skipTour: true });
    await small.goto(`${server.baseUrl}/admin?tab=integrations`);
    await expect.poll(() => small.getByText('CRM sync').filter({ visible: true }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(small, 'integrations (390)');
    await small.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => small.getByRole('dialog', { name: 'Create organisation token' }).count()).toBe(1);
    await expectAccessible(small, 'create token dialog (390)');
    expect(unexpected(smallProblems)).toEqual([]);
    await small.close();
  });

  it('a partner creates a personal token with only the two personal scopes on offer', async () => {
    await desktop.clearCookies();
    const page = await desktop.newPage();
    const problems = watchPage(page);
    await signIn(page, server, partner);
    await page.goto(`${server.baseUrl}/profile-settings?tab=security`);
    await expect.poll(() => page.getByText('No API tokens yet').count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(page, 'security tab, no tokens (1280)');

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create personal token' });
    await expect.poll(() => dialog.count()).toBe(1);
    const offered = await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => document.querySelector(`label[for="${b.id}"]`)?.textContent));
    expect(offered).toEqual(['leads:read', 'commissions:read']);

    await fillChecked(dialog.getByLabel('Name'), 'My spreadsheet');
    await dialog.getByRole('checkbox', { name: 'commissions:read' }).click();
    await dialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: 'In 90 days' }).click();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const secret = await confirmIfAsked(page, partner.password, 'token-secret');
    expect(secret).toMatch(/^cpp_/);
    await page.getByRole('dialog', { name: 'Copy your new token' }).getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'My spreadsheet' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    const in90 = new Date(Date.now() + 90 * 86_400_000).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(await row.textContent()).toContain(in90);
    expect(await row.textContent()).toContain('commissions:read');
    // a personal token reads only what its scopes name
    expect((await fetch(`${server.baseUrl}/api/commissions`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    expect((await readLeads(secret)).status).toBe(403);
    await accessibleWhenSettled(page, 'security tab with a token (1280)');
    expect(unexpected(problems)).toEqual([]);
    await page.close();

    const small = await phone.newPage();
    await signIn(small, server, partner, { until: 'welcome-toast', skipTour: true, fresh: true });
    await small.goto(`${server.baseUrl}/profile-settings?tab=security`);
    await expect.poll(() => small.getByText('My spreadsheet').filter({ visible: true }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(small, 'security tab (390)');
    await small.close();
  });
});
