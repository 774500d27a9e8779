import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, settled, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * A lead worked together on its own page: the partner submits a lead and asks a question in its discussion; an
 * administrator opens it from Lead Management, answers, leaves an internal note and takes the lead on; the partner
 * sees the answer and the owner but never the internal note; then the partner corrects the lead and withdraws it,
 * and the administrator still corrects the withdrawn lead.
 */
let server: RunningServer;
let partnerBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const admin = { username: 'lead.owner', email: 'lead.owner@example.com', password: 'Admin-Pass-123', firstName: 'Marta', lastName: 'Owens' };
const partner = { username: 'paula.asker', email: 'paula.asker@example.com', password: 'Partner-Pass-123', firstName: 'Paula', lastName: 'Reyes' };
const company = 'Harbourview Foods';
const question = 'Did the client reply to your first e-mail?';
const answer = 'Yes: we meet their CFO on Monday.';
const internalNote = 'Fee expectations look low; check before the meeting.';
const shots = join(tmpdir(), 'cp-lead-discussion-screens');

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ admins: [admin], partners: [partner] });
  [partnerBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([partnerBrowser?.close(), adminBrowser?.close()]);
  await server?.stop();
});

/** Screenshots of the page at a desktop's and a phone's width, full page. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

describe('lead discussion', () => {
  it('question, answer, internal note, owner, edit and withdraw on the lead’s page', async () => {
    const p = await partnerBrowser.newPage();
    const problems = watchPage(p);
    await signIn(p, server, partner);

    // the partner submits a lead and opens it from My Leads
    await p.goto(`${server.baseUrl}/submit-lead`);
    await p.getByLabel('Estimated Budget (GBP)').fill('42000');
    await p.getByLabel('Company Name').fill(company);
    await p.getByRole('combobox', { name: 'Industry' }).click();
    await p.getByRole('option', { name: 'Technology' }).click();
    await p.getByLabel('Contact Name').fill('Iris Quinn');
    await p.getByLabel('Contact Email').fill('iris.quinn@harbourview.example');
    await p.getByLabel('Project Description').fill('Interim COO while they open a second site.');
    await p.getByRole('button', { name: 'Submit Lead' }).click();
    await expect.poll(() => new URL(p.url()).pathname, { timeout: 10_000 }).toBe('/leads');
    await p.getByRole('link', { name: `View ${company}` }).click();
    await expect.poll(() => new URL(p.url()).pathname).toMatch(/^\/leads\/[0-9a-f-]{36}$/);
    const leadPath = new URL(p.url()).pathname;
    await expect.poll(() => p.getByRole('heading', { level: 1, name: company }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => visible(p, 'No messages yet — ask the team a question')).toBe(1);
    // a partner is never offered internal notes
    expect(await p.getByLabel(/Internal note/).count()).toBe(0);

    // and asks a question
    await fillChecked(p.getByLabel('Your message to the team'), question);
    await p.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => messages(p).getByText(question).count(), { timeout: 10_000 }).toBe(1);

    // the administrator opens it from Lead Management and sees the question
    const a = await adminBrowser.newPage();
    const adminProblems = watchPage(a);
    await signIn(a, server, admin);
    await a.goto(`${server.baseUrl}/admin?tab=leads`);
    await a.getByRole('link', { name: `Open ${company}` }).click();
    await expect.poll(() => new URL(a.url()).pathname, { timeout: 10_000 }).toBe(leadPath);
    await expect.poll(() => messages(a).getByText(question).count(), { timeout: 10_000 }).toBe(1);

    // answers the partner, then leaves an internal note
    await fillChecked(a.getByLabel('Message', { exact: true }), answer);
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => messages(a).getByText(answer).count(), { timeout: 10_000 }).toBe(1);
    await fillChecked(a.getByLabel('Message', { exact: true }), internalNote);
    await a.getByLabel(/Internal note/).check();
    await a.getByRole('button', { name: 'Add internal note' }).click();
    await expect
      .poll(
        () =>
          messages(a)
            .getByRole('article', { name: /^Internal note by Marta Owens/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await expect
      .poll(() =>
        messages(a)
          .getByRole('article', { name: /^Internal note/ })
          .getByText(internalNote)
          .count(),
      )
      .toBe(1);

    // and takes the lead on
    await a.getByRole('button', { name: 'Assign to me' }).click();
    await expectToast(a, 'Assigned to Marta Owens');
    await expect.poll(() => a.getByRole('combobox', { name: 'Owner' }).textContent()).toContain('Marta Owens');
    expect(await a.getByRole('button', { name: 'Assign to me' }).count()).toBe(0);
    await accessibleWhenSettled(a, 'lead page (admin)');
    await screenshots(a, 'lead-admin');

    // Lead Management's "Mine" shows it with its owner
    await a.goto(`${server.baseUrl}/admin?tab=leads`);
    await a.getByRole('button', { name: 'Mine', exact: true }).click();
    await expect.poll(() => visible(a, /Assigned to me \(1\)/), { timeout: 10_000 }).toBe(1);

    // the partner sees the answer and the owner, and never the internal note
    await p.reload();
    await expect.poll(() => messages(p).getByText(answer).count(), { timeout: 10_000 }).toBe(1);
    expect(await p.getByText(internalNote).count()).toBe(0);
    expect(await p.getByText('Internal', { exact: true }).count()).toBe(0);
    await expect.poll(() => visible(p, 'Marta Owens')).toBeGreaterThan(0);
    const thread = await p.evaluate(async (path) => (await fetch(`/api${path}/comments`)).text(), leadPath);
    expect(thread).toContain(answer);
    expect(thread).not.toContain(internalNote);
    await accessibleWhenSettled(p, 'lead page (partner)');
    await screenshots(p, 'lead-partner');

    // the partner corrects the contact's name
    await p.getByRole('button', { name: 'Edit lead', exact: true }).click();
    const edit = p.getByRole('dialog', { name: 'Edit lead' });
    await fillChecked(edit.getByLabel('Contact Name'), 'Iris Quinn-Adebayo');
    await accessibleWhenSettled(p, 'edit lead dialog');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(p, 'Lead updated');
    await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => visible(p, 'Iris Quinn-Adebayo'), { timeout: 10_000 }).toBeGreaterThan(0);

    // and withdraws it: a reason, then the last word that it cannot be undone
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const withdraw = p.getByRole('dialog', { name: 'Withdraw this lead?' });
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => withdraw.getByText('Please say why you are withdrawing the lead').count()).toBe(1);
    await fillChecked(withdraw.getByLabel('Why are you withdrawing it?'), 'They hired an interim COO directly.');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => withdraw.getByText('This cannot be undone.').count()).toBe(1);
    await accessibleWhenSettled(p, 'withdraw confirmation');
    await withdraw.getByRole('button', { name: 'Withdraw lead' }).click();
    await expectToast(p, 'Lead withdrawn');
    await expect.poll(() => visible(p, 'Withdrawn'), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => visible(p, 'They hired an interim COO directly.')).toBeGreaterThan(0);
    // a withdrawn lead can be neither edited nor withdrawn again
    expect(await p.getByRole('button', { name: 'Edit lead', exact: true }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(0);
    await screenshots(p, 'lead-partner-withdrawn');

    // the administrator corrects the withdrawn lead: every field open (it is not won), the change on its timeline
    await a.goto(`${server.baseUrl}${leadPath}`);
    await a.getByRole('button', { name: 'Edit lead', exact: true }).click();
    const adminEdit = a.getByRole('dialog', { name: 'Edit lead' });
    expect(await adminEdit.getByLabel('Estimated Budget (GBP)').isDisabled()).toBe(false);
    await fillChecked(adminEdit.getByLabel('Contact Name'), 'Iris Adebayo');
    await adminEdit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(a, 'Lead updated');
    await expect.poll(() => a.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => visible(a, 'Iris Adebayo'), { timeout: 10_000 }).toBeGreaterThan(0);
    await p.reload();
    await expect.poll(() => visible(p, 'Iris Adebayo'), { timeout: 10_000 }).toBeGreaterThan(0);

    // another address that names no lead says so
    await p.goto(`${server.baseUrl}/leads/00000000-0000-4000-8000-000000000000`);
    await expect.poll(() => visible(p, 'Lead not found'), { timeout: 10_000 }).toBe(1);

    expect(problems.filter((x) => !x.includes('404'))).toEqual([]);
    expect(adminProblems).toEqual([]);
  });
});
