import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { expectToast, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer, type SeedContext } from '../helpers/server.ts';

/**
 * Events as an administrator runs them from the Admin Panel: a partner names the breakfast where they met a contact
 * on a new lead; the admin creates an event through Create Event (after its validation messages), edits its
 * location, marks attendance at the breakfast (a past event made by the factory), reads its report with the lead,
 * and cancels the new event after confirming.
 */
let server: RunningServer;
let adminBrowser: BrowserContext;
let partnerBrowser: BrowserContext;
const admin = { username: 'events.admin', email: 'events.admin@example.com', password: 'Admin-Pass-123', firstName: 'Erin', lastName: 'Admin' };
const paula = { username: 'paula.partner', email: 'paula@example.com', password: 'Partner-Pass-123', firstName: 'Paula', lastName: 'Reyes' };
const pete = { username: 'pete.partner', email: 'pete@example.com', password: 'Partner-Pass-123', firstName: 'Pete', lastName: 'Lowe' };
const DAY = 24 * 3_600_000;
const breakfast = 'Fintech Breakfast Briefing';
const summit = 'Partner Summit';
const company = 'Northwind Traders';
const nextYear = new Date().getUTCFullYear() + 1;

/** The breakfast took place three days ago; Paula and Pete registered while it was still ahead. */
async function seed({ db, account: actor }: SeedContext) {
  const [organizer, p1, p2] = [await actor(admin.username), await actor(paula.username), await actor(pete.username)];
  const now = Date.now();
  const event = await makeEvent(db, {
    organizer,
    title: breakfast,
    category: 'training',
    maxAttendees: 40,
    start: new Date(now - 3 * DAY),
    now: new Date(now - 20 * DAY),
  });
  await registerMembers(db, event.id, [p1, p2], new Date(now - 10 * DAY));
}

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [paula, pete], seed });
  [adminBrowser, partnerBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([adminBrowser?.close(), partnerBrowser?.close()]);
  await server?.stop();
});

const eventsNamed = (page: Page, search: string, when: 'upcoming' | 'past') =>
  page.evaluate(
    async ([s, w]) => ((await (await fetch(`/api/events?when=${w}&search=${encodeURIComponent(s)}`)).json()) as { items: Array<Record<string, unknown>> }).items,
    [search, when] as const,
  );

// the steps share the admin's page; each step is a test of its own, so a slow machine gets the time each one needs
let a: Page;
let adminProblems: string[] = [];
let partnerProblems: string[] = [];
let created: Record<string, unknown>;
const summitRow = () => a.getByRole('row', { name: new RegExp(summit) });
const breakfastRow = () => a.getByRole('row', { name: new RegExp(breakfast) });

describe('event administration', () => {
  it('a partner names the event where they met the contact on a lead', async () => {
    const p = await partnerBrowser.newPage();
    partnerProblems = watchPage(p);
    await signIn(p, server, paula);
    await p.goto(`${server.baseUrl}/submit-lead`);
    await p.getByLabel('Estimated Budget (GBP)').fill('26100');
    await p.getByLabel('Company Name').fill(company);
    await p.getByRole('combobox', { name: 'Industry' }).click();
    await p.getByRole('option', { name: 'Technology' }).click();
    await p.getByLabel('Contact Name').fill('Andrew Fuller');
    await p.getByLabel('Contact Email').fill('andrew.fuller@northwind.example');
    await p.getByLabel('Project Description').fill('Interim CFO for six months while they prepare a sale.');
    const where = p.getByRole('combobox', { name: /Where did you meet this contact/ });
    expect(await where.textContent()).toContain('Not at an event');
    await where.click();
    await p.getByRole('option', { name: new RegExp(breakfast) }).click();
    await accessibleWhenSettled(p, 'submit lead with an event');
    await p.getByRole('button', { name: 'Submit Lead' }).click();
    await expectToast(p, 'We will review it');
    await expect.poll(() => new URL(p.url()).pathname).toBe('/leads');
  });

  it('the admin creates an event through Create Event, after its validation messages', async () => {
    a = await adminBrowser.newPage();
    adminProblems = watchPage(a);
    await signIn(a, server, admin);
    await a.goto(`${server.baseUrl}/admin?tab=events`);
    await expect.poll(() => visible(a, 'No upcoming events'), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'event management (empty)');

    // Create Event: the schema's messages first
    await a.getByRole('button', { name: 'Create Event' }).click();
    const create = a.getByRole('dialog', { name: 'Create Event' });
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expect.poll(() => create.getByText('Title is required').count()).toBe(1);
    expect(await create.getByText('Description must be at least 10 characters').count()).toBe(1);
    expect(await create.getByText('Start date is required').count()).toBe(1);
    expect(await create.getByText('End date is required').count()).toBe(1);
    await create.getByLabel('Title', { exact: true }).fill(summit);
    await create.getByLabel('Description', { exact: true }).fill('Too short');
    await create.getByLabel('Start', { exact: true }).fill(`${nextYear}-06-10T18:30`);
    await create.getByLabel('End', { exact: true }).fill(`${nextYear}-06-10T17:00`);
    await create.getByLabel(/Maximum attendees/).fill('0');
    await create.getByLabel(/Fee/).fill('-5');
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expect.poll(() => create.getByText('End date must be after the start date').count()).toBe(1);
    expect(await create.getByText('Description must be at least 10 characters').count()).toBe(1);
    expect(await create.getByText('Maximum attendees must be at least 1').count()).toBe(1);
    expect(await create.getByText('Fee must be 0 or more').count()).toBe(1);
    expect(await create.getByText('Title is required').count()).toBe(0);
    await accessibleWhenSettled(a, 'create event dialog with errors');

    await create.getByLabel('Description', { exact: true }).fill('A day of talks and workshops for every partner of the network.');
    await create.getByLabel('End', { exact: true }).fill(`${nextYear}-06-10T21:00`);
    await create.getByLabel(/Maximum attendees/).fill('30');
    await create.getByLabel(/Fee/).fill('15');
    await create.getByLabel(/^Location/).fill('The Ned, London');
    await create.getByRole('textbox', { name: 'Tags', exact: true }).fill('Leadership');
    await create.getByRole('textbox', { name: 'Tags', exact: true }).press('Enter');
    await create.getByRole('combobox', { name: 'Category' }).click();
    await a.getByRole('option', { name: 'Conference' }).click();
    await accessibleWhenSettled(a, 'create event dialog');
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(a, 'Event has been created successfully.');
    await expect.poll(() => create.count()).toBe(0);
    const row = summitRow();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain(`Jun 10, ${nextYear} at 18:30`);
    expect(await row.textContent()).toContain('Conference');
    expect(await row.textContent()).toContain('0 / 30');
    await accessibleWhenSettled(a, 'event management');
    [created] = await eventsNamed(a, summit, 'upcoming');
    expect(created).toMatchObject({ location: 'The Ned, London', fee: '15.00', tags: ['Leadership'], timezone: 'Europe/London', maxAttendees: 30 });
  });

  it("edits its location, the saved times shown in the event's zone", async () => {
    const row = summitRow();
    await row.getByRole('button', { name: `Edit ${summit}` }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Event' });
    expect(await edit.getByLabel('Start', { exact: true }).inputValue()).toBe(`${nextYear}-06-10T18:30`);
    expect(await edit.getByLabel(/^Location/).inputValue()).toBe('The Ned, London');
    await edit.getByLabel(/^Location/).fill('Soho House, London');
    await accessibleWhenSettled(a, 'edit event dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(a, 'The event has been updated.');
    await expect.poll(() => edit.count()).toBe(0);
    const [edited] = await eventsNamed(a, summit, 'upcoming');
    expect(edited).toMatchObject({ location: 'Soho House, London', startDate: created.startDate, endDate: created.endDate, fee: '15.00' });
  });

  it('marks attendance at a past event and reads its report with the lead', async () => {
    await a.getByRole('button', { name: 'Past', exact: true }).click();
    const past = breakfastRow();
    await expect.poll(() => past.count(), { timeout: 15_000 }).toBe(1);
    expect(await past.textContent()).toContain('2 / 40');
    expect(await past.getByRole('button', { name: `Edit ${breakfast}` }).count()).toBe(0);
    await past.getByRole('button', { name: `Attendance for ${breakfast}` }).click();
    const attendance = a.getByRole('dialog', { name: 'Attendance' });
    const paulaBox = attendance.getByRole('checkbox', { name: 'Paula Reyes' });
    await expect.poll(() => paulaBox.count(), { timeout: 15_000 }).toBe(1);
    expect(await attendance.getByRole('checkbox', { name: 'Pete Lowe' }).isChecked()).toBe(false);
    await paulaBox.click();
    await accessibleWhenSettled(a, 'attendance dialog');
    await attendance.getByRole('button', { name: 'Save Attendance' }).click();
    await expectToast(a, 'Attendance Saved');
    await expect.poll(() => attendance.count()).toBe(0);

    await past.getByRole('button', { name: `Report for ${breakfast}` }).click();
    const report = a.getByRole('dialog', { name: 'Event Report' });
    await expect.poll(() => report.getByText(company).filter({ visible: true }).count(), { timeout: 15_000 }).toBe(1);
    const figures = Object.fromEntries(
      await report.locator('dl > div').evaluateAll((els) => els.map((el) => [el.querySelector('dt')?.textContent, el.querySelector('dd')?.textContent])),
    );
    expect(figures).toEqual({ Registered: '2', Waitlist: '0', Attended: '1', 'Leads attributed': '1', 'Closed won': '0', 'Closed-won value': '£0.00' });
    expect(await report.getByRole('row', { name: new RegExp(company) }).textContent()).toContain('Paula Reyes');
    await accessibleWhenSettled(a, 'event report dialog');
    await report.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => report.count()).toBe(0);
  });

  it('cancels an event after confirming', async () => {
    const row = summitRow();
    await a.getByRole('button', { name: 'Upcoming', exact: true }).click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: `Cancel ${summit}` }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Cancel this event?' });
    expect(await confirm.textContent()).toContain('Everyone registered or on the waitlist will be told');
    await accessibleWhenSettled(a, 'cancel event confirmation');
    await confirm.getByRole('button', { name: 'Cancel Event' }).click();
    await expectToast(a, 'Everyone registered or on the waitlist has been told.');
    await expect.poll(() => row.getByText('Cancelled').count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByRole('button', { name: `Edit ${summit}` }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Cancel ${summit}` }).count()).toBe(0);

    expect(partnerProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });
});
