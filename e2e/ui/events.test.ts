import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Events as members use them: an administrator creates an event with one place (the form first says what is
 * missing); Alice registers; Bob is put on the waitlist; Alice gives her place up and Bob takes it at once: he sees
 * "Registered" and a notification, and downloads the event for his calendar.
 */
let server: RunningServer;
let adminBrowser: BrowserContext;
let aliceBrowser: BrowserContext;
let bobBrowser: BrowserContext;
const admin = { username: 'events.admin', email: 'events.admin@example.com', password: 'Admin-Pass-123', firstName: 'Erin', lastName: 'Organiser' };
const alice = { username: 'alice.first', email: 'alice@example.com', password: 'Partner-Pass-123', firstName: 'Alice', lastName: 'First' };
const bob = { username: 'bob.second', email: 'bob@example.com', password: 'Partner-Pass-123', firstName: 'Bob', lastName: 'Second' };
const title = 'Founders Breakfast';

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [alice, bob] });
  [adminBrowser, aliceBrowser, bobBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([adminBrowser?.close(), aliceBrowser?.close(), bobBrowser?.close()]);
  await server?.stop();
});

/** A wall-clock time `days` from now at `hh:mm`, as a datetime-local field takes it. */
const wallClock = (days: number, hhmm: string) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${hhmm}`;
const card = (page: Page) => page.getByRole('article', { name: title });

describe('events', () => {
  it('one place: Alice registers, Bob waits, Alice leaves, Bob takes the place, is told, and downloads the calendar file', async () => {
    // the administrator starts from the empty state and creates the event
    const a = await adminBrowser.newPage();
    const adminProblems = watchPage(a);
    await signIn(a, server, admin);
    await a.goto(`${server.baseUrl}/events`);
    await expect.poll(() => a.getByRole('heading', { name: 'Community Events' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => a.getByText('No Upcoming Events').count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'events empty state');
    await a.getByRole('button', { name: 'Create First Event' }).click();
    const form = a.getByRole('dialog', { name: 'Create Event' });
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expect.poll(() => form.getByText('Title is required').count()).toBe(1);
    expect(await form.getByText('Description must be at least 10 characters').count()).toBe(1);
    await fillChecked(form.getByLabel('Title', { exact: true }), title);
    await fillChecked(form.getByLabel('Description'), 'Breakfast and introductions for founders and their advisers.');
    await fillChecked(form.getByLabel('Start', { exact: true }), wallClock(10, '08:30'));
    await fillChecked(form.getByLabel('End', { exact: true }), wallClock(10, '10:00'));
    await fillChecked(form.getByLabel('Location'), 'The Ned, London');
    await fillChecked(form.getByLabel('Maximum attendees'), '1');
    await fillChecked(form.getByLabel('LinkedIn promotion text'), 'Join founders for breakfast at The Ned.');
    await accessibleWhenSettled(a, 'create event dialog');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(a, 'Event has been created successfully.');
    await expect.poll(() => card(a).count(), { timeout: 15_000 }).toBe(1);
    expect(await card(a).getByText('Networking').count()).toBe(1);
    expect(await card(a).getByText('0 / 1 registered').count()).toBe(1);
    expect(
      await card(a)
        .getByText(/ at 08:30$/)
        .count(),
    ).toBe(1);
    await accessibleWhenSettled(a, 'events with one event');

    // Alice takes the only place
    const al = await aliceBrowser.newPage();
    const aliceProblems = watchPage(al);
    await signIn(al, server, alice);
    await al.goto(`${server.baseUrl}/events`);
    await expect.poll(() => card(al).count(), { timeout: 15_000 }).toBe(1);
    await card(al)
      .getByRole('button', { name: `Register: ${title}` })
      .click();
    await expectToast(al, 'You have been registered for this event.');
    await expect.poll(() => card(al).getByText('Registered', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => al.getByText('1 my registration', { exact: true }).count()).toBe(1);

    // Bob finds it full and joins the waitlist
    const b = await bobBrowser.newPage();
    const bobProblems = watchPage(b);
    await signIn(b, server, bob);
    await b.goto(`${server.baseUrl}/events`);
    await expect.poll(() => card(b).getByText('1 / 1 registered').count(), { timeout: 15_000 }).toBe(1);
    await card(b)
      .getByRole('button', { name: `Join Waitlist: ${title}` })
      .click();
    await expectToast(b, 'The event is full: you have been added to the waitlist.');
    await expect.poll(() => card(b).getByText('Waitlist #1').count(), { timeout: 15_000 }).toBe(1);
    await card(b)
      .getByRole('button', { name: `Details: ${title}` })
      .click();
    const details = b.getByRole('dialog', { name: title });
    await expect.poll(() => details.getByText('You are number 1 on the waitlist', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    expect(await details.getByRole('link', { name: 'Share on LinkedIn' }).count()).toBe(1);
    expect(await details.getByText('Attendees', { exact: false }).count()).toBe(0);
    await accessibleWhenSettled(b, 'event details on the waitlist');
    await b.keyboard.press('Escape');

    // the administrator sees who registered and who waits
    await a.goto(`${server.baseUrl}/events`);
    await card(a)
      .getByRole('button', { name: `Details: ${title}` })
      .click();
    const adminDetails = a.getByRole('dialog', { name: title });
    const attendees = adminDetails.getByRole('list', { name: 'Attendees' });
    await expect.poll(() => attendees.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    expect(await attendees.getByRole('listitem').filter({ hasText: 'Alice First' }).getByText('Registered').count()).toBe(1);
    expect(await attendees.getByRole('listitem').filter({ hasText: 'Bob Second' }).getByText('Waitlist #1').count()).toBe(1);
    await accessibleWhenSettled(a, 'event details with attendees');

    // Alice gives her place up, after being told it goes to the waitlist
    await card(al)
      .getByRole('button', { name: `Unregister: ${title}` })
      .click();
    const giveUp = al.getByRole('alertdialog', { name: 'Give up your place?' });
    await expect.poll(() => giveUp.getByText(/your place goes straight to the first/).count()).toBe(1);
    await giveUp.getByRole('button', { name: 'Unregister' }).click();
    await expectToast(al, 'You have been unregistered from this event.');
    // Bob took the place at once, so the event is full again for her
    await expect
      .poll(
        () =>
          card(al)
            .getByRole('button', { name: `Join Waitlist: ${title}` })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => al.getByText('0 my registrations').count()).toBe(1);

    // Bob holds the place now, and has been told
    await b.goto(`${server.baseUrl}/events`);
    await expect.poll(() => card(b).getByText('Registered', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await card(b).getByText('1 / 1 registered').count()).toBe(1);
    await expect.poll(() => b.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).count(), { timeout: 15_000 }).toBe(1);
    await b.goto(`${server.baseUrl}/notifications`);
    await expect.poll(() => b.getByText(`You have a place: ${title}`).count(), { timeout: 15_000 }).toBe(1);

    // and downloads the event for his calendar, in its own time zone
    await b.goto(`${server.baseUrl}/events`);
    await card(b)
      .getByRole('button', { name: `Details: ${title}` })
      .click();
    const link = b.getByRole('dialog', { name: title }).getByRole('link', { name: 'Add to Calendar' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const [download] = await Promise.all([b.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Founders-Breakfast.ics');
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toMatch(/DTSTART;TZID=Europe\/London:\d{8}T083000/);

    expect([...adminProblems, ...aliceProblems, ...bobProblems]).toEqual([]);
  });

  it('is usable at phone width: cards stack and the details open', async () => {
    const phone = await newBrowser({ width: 390, height: 844 });
    try {
      const p = await phone.newPage();
      const problems = watchPage(p);
      await signIn(p, server, alice);
      await p.goto(`${server.baseUrl}/events`);
      await expect.poll(() => card(p).count(), { timeout: 15_000 }).toBe(1);
      const box = (await card(p).boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await accessibleWhenSettled(p, 'events at phone width');
      await card(p)
        .getByRole('button', { name: `Details: ${title}` })
        .click();
      await expect.poll(() => p.getByRole('dialog', { name: title }).count(), { timeout: 15_000 }).toBe(1);
      await accessibleWhenSettled(p, 'event details at phone width');
      expect(problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
