import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { plainBody, startInbox } from '../../tests/helpers/smtp-inbox.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Proving an e-mail address: an applicant registers, sees the verification notice on the status screen and asks
 * for a new link; the link opens signed out, the button confirms it, and the admin's review shows it verified.
 */
let server: RunningServer;
let applicantBrowser: BrowserContext;
let strangerBrowser: BrowserContext;
const admin = { username: 'verifyadmin', email: 'verify.admin@example.com', password: 'Admin-Pass-123' };
const applicant = { firstName: 'Vera', lastName: 'Quill', email: 'vera.quill@example.com', username: 'vera.quill', password: 'Vera-Quill-Pass-9' };

/** The SMTP server the product sends through in this test: the link reaches the applicant only by mail. */
let inbox: Awaited<ReturnType<typeof startInbox>>;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ admins: [admin], env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } });
  [applicantBrowser, strangerBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([applicantBrowser?.close(), strangerBrowser?.close()]);
  await server?.stop();
  await inbox?.close();
});

/** The newest verification link mailed to an address, as the applicant's mail program would show it. */
async function latestLink(to: string): Promise<string> {
  const mine = inbox.messages.filter((m) => m.to.includes(to)).map((m) => plainBody(m.raw));
  const text = mine.reverse().find((raw) => raw.includes('/verify-email?token='));
  if (!text) throw new Error(`no verification mail reached ${to}`);
  return /https?:\/\/\S+verify-email\?token=[\w.-]+/.exec(text)![0];
}

async function register(page: Page) {
  await page.goto(`${server.baseUrl}/login`);
  const status = await page.evaluate(async (a) => {
    const res = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...a,
        confirmPassword: a.password,
        company: 'Quill Partners',
        jobTitle: 'Managing Director',
        location: 'Leeds, UK',
        dateOfBirth: '1977-05-02',
        fullAddress: '3 Park Row, Leeds, LS1 5HD, United Kingdom',
        yearsExperience: 20,
        bio: 'Managing director of an advisory firm serving manufacturers.',
        expertise: ['Consulting'],
        industries: ['Manufacturing'],
        businessInterests: ['Advisory Roles'],
        networkingGoals: 'Meet other managing directors.',
      }),
    });
    return res.status;
  }, applicant);
  expect(status).toBe(201);
}

describe('e-mail verification', () => {
  it('status screen notice and resend → link opened signed out → confirmed → the admin sees it verified', async () => {
    const page = await applicantBrowser.newPage();
    const problems = watchPage(page);
    await register(page);
    await page.goto(`${server.baseUrl}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Please verify your email address' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => page.getByText('A new verification link is on its way.').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'status screen with the verification notice');

    // the link is opened in a browser that is not signed in; opening it alone changes nothing
    const link = await latestLink(applicant.email);
    expect(new URL(link).pathname).toBe('/verify-email');
    const stranger = await strangerBrowser.newPage();
    const strangerProblems = watchPage(stranger);
    await stranger.goto(link);
    await expect.poll(() => stranger.getByRole('button', { name: 'Confirm my email address' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(stranger, 'verify-email page');
    await stranger.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect.poll(() => stranger.getByText('Your email address is verified.').count(), { timeout: 10_000 }).toBe(1);
    await stranger.getByRole('link', { name: 'Go to sign in' }).click();
    await expect.poll(() => stranger.getByText('Welcome Back').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // the applicant's status screen no longer asks
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Application Under Review' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('heading', { name: 'Please verify your email address' }).count()).toBe(0);

    // the admin's review shows the applicant verified
    await stranger.getByLabel('Username').fill(admin.username);
    await stranger.getByLabel('Password', { exact: true }).fill(admin.password);
    await stranger.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => stranger.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await stranger.goto(`${server.baseUrl}/admin/applications`);
    const row = stranger.getByRole('listitem', { name: `${applicant.firstName} ${applicant.lastName}` });
    await expect.poll(() => row.getByText('Email verified').count(), { timeout: 10_000 }).toBe(1);
    expect([...problems, ...strangerProblems]).toEqual([]);
  });
});
