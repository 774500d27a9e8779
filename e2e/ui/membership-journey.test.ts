import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainBody, startInbox } from '../../tests/helpers/smtp-inbox.ts';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The first journey, as a person does it: register (first with mistakes), wait as a pending applicant, confirm the
 * e-mail address from the mail (approval waits for it), an admin approves in Admin Panel → Member Applications,
 * the applicant signs in and is welcomed on the dashboard.
 */
let server: RunningServer;
let browser: BrowserContext;
const admin = { username: 'journeyadmin', email: 'journey.admin@example.com', password: 'Admin-Pass-123' };
const applicant = { first: 'Imogen', last: 'Hart', username: 'imogen.hart', email: 'imogen.hart@example.com', password: 'Imogen-Pass-42' };

/** The SMTP server the product sends through: the verification link reaches the applicant only by mail. */
let inbox: Awaited<ReturnType<typeof startInbox>>;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ admins: [admin], env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } });
  browser = await newBrowser();
});
afterAll(async () => {
  await browser?.close();
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

describe('membership application journey', () => {
  it('register → pending status screen → admin approves → applicant reaches the dashboard', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);

    await page.goto(`${server.baseUrl}/register`);
    await expect.poll(() => page.getByText('Create your account').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'register');

    // submitting an empty form shows the form's messages under the fields
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Years of experience must be 0 or greater',
      'Company is required',
      'Date of birth is required',
      'Please select at least one area of expertise',
      'Please describe your networking goals (at least 10 characters)',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).count(), { message }).toBeGreaterThan(0);
    }
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(5);

    // editing a field clears its error
    await page.getByLabel('First Name').fill(applicant.first);
    await expect.poll(() => page.getByText('First name is required', { exact: true }).count()).toBe(0);

    await page.getByLabel('Last Name').fill(applicant.last);
    await page.getByLabel('Email').fill(applicant.email);
    await page.getByLabel('Date of Birth').fill('1979-03-21');
    await page.getByLabel('Location').fill('London, UK');
    await page.getByLabel('Full Address').fill('5 Lombard Street, London, EC3V 9AA, United Kingdom');
    await page.getByLabel('Company').fill('Hart Advisory');
    await page.getByLabel('Job Title').fill('Chief Executive Officer');
    await page.getByLabel('Years of Experience').fill('18');
    await page.getByLabel('Professional Bio').fill('CEO of a boutique advisory firm working with family-owned manufacturers.');
    await page.getByRole('group', { name: 'Areas of Expertise' }).getByLabel('Strategic Planning').check();
    await page.getByRole('group', { name: 'Industries' }).getByLabel('Manufacturing').check();
    await page.getByRole('group', { name: 'Business Interests' }).getByLabel('Advisory Roles').check();
    await page.getByLabel('Networking Goals').fill('Meet other CEOs and find non-executive roles.');
    await page.getByLabel('Username').fill(applicant.username);
    await page.getByLabel('Password', { exact: true }).fill(applicant.password);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText("Passwords don't match").count()).toBeGreaterThan(0);
    await page.getByLabel('Confirm Password').fill(applicant.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // the applicant now sees only the status screen, wherever they go
    await expect.poll(() => page.getByRole('heading', { name: 'Application Under Review' }).count(), { timeout: 15_000 }).toBe(1);
    await page.goto(`${server.baseUrl}/leads`);
    await expect.poll(() => page.getByRole('heading', { name: 'Application Under Review' }).count()).toBe(1);
    await expect.poll(() => page.getByText(applicant.email).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'status screen');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByText('Welcome Back').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // the admin finds the application in the Admin Panel's own tab, with the count in its label
    await signIn(page, server, admin, { until: 'submitted', fresh: true });
    await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.goto(`${server.baseUrl}/admin`);
    const tab = page.getByRole('tab', { name: /Member Applications/ });
    await expect.poll(() => tab.textContent(), { timeout: 10_000 }).toMatch(/Member Applications\s*1 pending/);
    await tab.click();
    const row = page.getByRole('listitem', { name: `${applicant.first} ${applicant.last}` });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);

    // the address is not verified yet: Approve waits, and says why next to the button
    await expect.poll(() => row.getByText('Email not verified').count()).toBe(1);
    const approve = row.getByRole('button', { name: /^Approve/ });
    expect(await approve.isDisabled()).toBe(true);
    await expect.poll(() => row.getByText('The applicant has not verified their e-mail address yet.').count()).toBe(1);
    await expectAccessible(page, 'member applications tab');
    await row.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => page.getByText('Verification email sent').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // the applicant opens the link from their mail and confirms it
    const mail = await browser.newPage();
    await mail.goto(await latestLink(applicant.email));
    await mail.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect.poll(() => mail.getByText('Your email address is verified.').count(), { timeout: 10_000 }).toBe(1);
    await mail.close();

    // the admin's review now shows it verified; approving with checks still open asks first, naming them
    await page.reload();
    await expect.poll(() => row.getByText('Email verified').count(), { timeout: 10_000 }).toBe(1);
    // the box is ticked as the change is sent (after any list read in flight is cancelled): wait for it, not the click
    await row.getByLabel('Company Verified').click();
    await expect.poll(() => row.getByLabel('Company Verified').isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('Application updated successfully').count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: /^Approve/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText('LinkedIn Checked, Background Verified, Reference Checked, Risk Assessment: Not assessed.').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Approve anyway' }).click();
    await expect.poll(() => page.getByText('Application approved successfully').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('No pending applications').count(), { timeout: 10_000 }).toBe(1);

    // the applicant signs in for the first time as a member: the sign-in toast keeps its words, the dashboard welcomes them
    await signIn(page, server, applicant, { until: 'submitted', fresh: true });
    await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('heading', { name: `Welcome, ${applicant.first}!` }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'dashboard');
    expect(problems).toEqual([]);
  });

  it('Google and Apple stay on /register and /login when not set up, and explain calmly when pressed', async () => {
    const page = await browser.newPage();
    await page.context().clearCookies();
    await page.goto(`${server.baseUrl}/register`);
    await expect.poll(() => page.getByRole('button', { name: 'Continue with Apple' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Google sign-in is not available' }).count(), { timeout: 10_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Apple sign-in is not available' }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('a wrong password shows the failure toast and the not-found screen answers unknown paths', async () => {
    const page = await browser.newPage();
    await signIn(page, server, { username: applicant.username, password: 'not-the-password' }, { until: 'submitted', fresh: true });
    await expect.poll(() => page.getByText('Invalid username or password. Please try again.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await signIn(page, server, applicant, { until: 'submitted', fresh: true });
    await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // a later sign-in is a return
    await expect.poll(() => page.getByRole('heading', { name: `Welcome back, ${applicant.first}!` }).count(), { timeout: 10_000 }).toBe(1);
    await page.goto(`${server.baseUrl}/no-such-page`);
    await expect.poll(() => page.getByText('404 Page Not Found').count()).toBe(1);
    await expect.poll(() => page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
  });

  it('is usable at phone width: the menu opens as a slide-over and closes on navigation', async () => {
    const phone = await newBrowser({ width: 390, height: 844 });
    try {
      const page = await phone.newPage();
      await signIn(page, server, applicant, { fresh: true });
      // The dashboard asked whether the tour was done before it was marked done; opened again it knows, so the tour
      // (a modal that would take the menu button's click on a slow machine) does not start.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: `Welcome back, ${applicant.first}!` }).count(), { timeout: 10_000 }).toBe(1);
      await page.getByRole('button', { name: /menu/i }).first().click();
      // The slide-over is the dialog holding the mobile navigation; other dialogs (a tour step) are not counted.
      const menu = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Mobile' }) });
      await expect.poll(() => menu.count(), { timeout: 10_000 }).toBe(1);
      await menu.getByRole('link', { name: 'CP+' }).click();
      await expect.poll(() => menu.count(), { timeout: 10_000 }).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/cp-plus');
      await expectAccessible(page, 'cp-plus at 390 px');
    } finally {
      await phone.close();
    }
  });
});
