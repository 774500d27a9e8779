import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { plainBody, startInbox } from '../../tests/helpers/smtp-inbox.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * A forgotten password, end to end: from the sign-in page to a link by e-mail, a new password and signing in
 * with it. And an invitation: an administrator invites someone from User Management, who sets a password from
 * the e-mailed link and signs in as a member.
 */
let server: RunningServer;
let adminBrowser: BrowserContext;
let memberBrowser: BrowserContext;
const admin = { username: 'resetadmin', email: 'reset.admin@example.com', password: 'Admin-Pass-123' };
const member = { username: 'rosa.reset', email: 'rosa.reset@example.com', password: 'Old-Rosa-Pass-1', firstName: 'Rosa', lastName: 'Reset' };
const NEW_PASSWORD = 'New-Rosa-Lantern-7';

/** The SMTP server the product sends through: the links reach people only by mail. */
let inbox: Awaited<ReturnType<typeof startInbox>>;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ admins: [admin], partners: [member], env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } });
  [adminBrowser, memberBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([adminBrowser?.close(), memberBrowser?.close()]);
  await server?.stop();
  await inbox?.close();
});

/** The newest /reset-password link mailed to an address, as the recipient's mail program would show it. */
async function latestLink(to: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      () => {
        const mine = inbox.messages.filter((m) => m.to.includes(to)).map((m) => plainBody(m.raw));
        text = mine.reverse().find((raw) => raw.includes('/reset-password?token='));
        return !!text;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return /https?:\/\/\S+reset-password\?token=[\w.%-]+/.exec(text!)![0];
}

/** The refusals a journey provokes on purpose (a wrong password, a taken address), which the browser logs as errors. */
const expected = (refusals: Array<[number, string]>) => (problem: string) =>
  !refusals.some(([status, path]) => problem.includes(`status of ${status}`) && problem.endsWith(`${path})`));

describe('password reset', () => {
  it('sign-in → Forgot password? → e-mail → link → new password → signed in with it; the outbox keeps no token', async () => {
    const page = await memberBrowser.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Forgot your password?' }).count(), { timeout: 10_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await expectAccessible(page, 'forgot-password page');

    // the schema's message first, then a real request
    await page.getByLabel('Email').fill('rosa.reset-at-example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Invalid email address').count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText(/If an account exists for that address, we have sent a link/).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'forgot-password confirmation');

    const link = await latestLink(member.email);
    const token = new URL(link).searchParams.get('token')!;
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'reset-password page');
    // the shared password rule, in its words
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters').count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password reset');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/login');

    // the old password no longer works; the new one does
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Login failed');
    await signIn(page, server, { username: member.username, password: NEW_PASSWORD }, { until: 'welcome-toast' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/dashboard');

    // the same link a second time: refused, with the way to a new one
    const again = await (await newBrowser()).newPage();
    await again.goto(link);
    await again.getByLabel('New Password', { exact: true }).fill('Another-Lantern-8');
    await again.getByLabel('Confirm New Password').fill('Another-Lantern-8');
    await again.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => again.getByText(/invalid, has expired or has already been used/).count(), { timeout: 10_000 }).toBe(1);
    await again.context().close();

    // every admin can read the outbox: the mails are there, their links blanked
    const adminPage = await (await newBrowser()).newPage();
    await signIn(adminPage, server, admin, { until: 'welcome-toast' });
    const outbox = await adminPage.evaluate(async () => (await (await fetch('/api/admin/outbox?pageSize=50')).json()) as { items: Array<{ to: string; text: string }> });
    const mails = outbox.items.filter((m) => m.to === member.email);
    expect(mails.some((m) => m.text.includes('/reset-password?token=[redacted]'))).toBe(true);
    expect(JSON.stringify(outbox)).not.toContain(token);
    expect(JSON.stringify(outbox)).not.toContain(encodeURIComponent(token));
    await adminPage.context().close();
    expect(problems.filter(expected([[401, '/api/auth/login']]))).toEqual([]);
  });
});

describe('invitation', () => {
  it('an admin invites through the dialog → link by e-mail → "Set your password" → the invitee signs in to the dashboard', async () => {
    const page = await adminBrowser.newPage();
    const problems = watchPage(page);
    await signIn(page, server, admin, { until: 'welcome-toast' });
    await page.goto(`${server.baseUrl}/admin?tab=users`);
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('First name is required').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'invite member dialog');
    // an address that already has an account: the server's message under the field
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('First Name').fill('Ivy');
    await dialog.getByLabel('Last Name').fill('Invited');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('An account with this email already exists.').count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByLabel('Email').fill('ivy.invited@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, 'Invitation sent');
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

    const link = await latestLink('ivy.invited@example.com');
    const invitee = await (await newBrowser()).newPage();
    const inviteeProblems = watchPage(invitee);
    await invitee.goto(link);
    await expect.poll(() => invitee.getByRole('heading', { name: 'Set your password' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(invitee, 'set-password page');
    await invitee.getByLabel('New Password', { exact: true }).fill('Ivy-Invited-Pass-3');
    await invitee.getByLabel('Confirm New Password').fill('Ivy-Invited-Pass-3');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expectToast(invitee, 'Password set');
    await invitee.getByLabel('Username').fill('ivy.invited@example.com');
    await invitee.getByLabel('Password', { exact: true }).fill('Ivy-Invited-Pass-3');
    await invitee.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(invitee, 'Welcome back!');
    await expect.poll(() => new URL(invitee.url()).pathname, { timeout: 10_000 }).toBe('/dashboard');
    await invitee.context().close();
    expect([...problems.filter(expected([[409, '/api/admin/invitations']])), ...inviteeProblems]).toEqual([]);
  });
});
