import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Mentor matching as members use it: Ada becomes a mentor for one mentee in Ben's field of expertise (tag lists, the
 * last one left typed and added on submit), pauses and resumes her profile, and edits it; Ben finds her with a match
 * label and asks for mentorship; Ada opens his CV, accepts, schedules a session and marks it held; Ben rates it, sees
 * her fully booked and her mean rating.
 */
let server: RunningServer;
let adaBrowser: BrowserContext;
let benBrowser: BrowserContext;
const ada = { username: 'ada.mentor', email: 'ada@example.com', password: 'Partner-Pass-123', firstName: 'Ada', lastName: 'Mentor', expertise: ['Strategy'] };
const ben = {
  username: 'ben.mentee',
  email: 'ben@example.com',
  password: 'Partner-Pass-123',
  firstName: 'Ben',
  lastName: 'Mentee',
  expertise: ['Negotiation', 'Pricing'],
};

beforeAll(async () => {
  server = await startServer({ partners: [ada, ben] });
  [adaBrowser, benBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([adaBrowser?.close(), benBrowser?.close()]);
  await server?.stop();
});

describe('mentor matching', () => {
  it('become a mentor, pause, edit, request, view CV, accept, schedule, complete and rate a session, fully booked', async () => {
    const a = await adaBrowser.newPage();
    const adaProblems = watchPage(a);
    await signIn(a, server, ada);
    await a.goto(`${server.baseUrl}/mentor-matching`);
    await a.getByRole('button', { name: 'Become a Mentor' }).click();
    const dialog = a.getByRole('dialog', { name: 'Become a Mentor' });
    // an empty profile is refused, field by field
    await dialog.getByRole('button', { name: 'Create Mentor Profile' }).click();
    await expect.poll(() => dialog.getByText('Add at least one specialization').count()).toBe(1);
    expect(await dialog.getByText('Add at least one industry').count()).toBe(1);
    await dialog.getByLabel('Years of experience').fill('12');
    await dialog.getByRole('textbox', { name: 'Specializations', exact: true }).fill('Negotiation');
    await dialog.getByRole('textbox', { name: 'Specializations', exact: true }).press('Enter');
    await dialog.getByRole('textbox', { name: 'Specializations', exact: true }).fill('negotiation ');
    await dialog.getByRole('textbox', { name: 'Specializations', exact: true }).press('Enter');
    expect(await dialog.getByText('“negotiation” is already in the list.').count()).toBe(1);
    // typed but not added: Create adds it rather than dropping it
    await dialog.getByRole('textbox', { name: 'Specializations', exact: true }).fill('Pricing');
    await dialog.getByRole('textbox', { name: 'Industries', exact: true }).fill('Technology');
    await dialog.getByRole('button', { name: 'Add to Industries' }).click();
    expect(await dialog.getByRole('list', { name: 'Industries' }).getByRole('listitem').count()).toBe(1);
    await dialog.getByLabel('Max mentees').fill('1');
    await accessibleWhenSettled(a, 'become a mentor dialog');
    await dialog.getByRole('button', { name: 'Create Mentor Profile' }).click();
    await expectToast(a, 'Your mentor profile has been created!');
    await expect.poll(() => a.getByRole('button', { name: 'Become a Mentor' }).count()).toBe(0);
    await accessibleWhenSettled(a, 'discover (mentor)');

    // her own profile: the typed tag was saved; pause it, then resume it
    await a.getByRole('tab', { name: 'My Mentoring' }).click();
    const own = a.getByRole('list', { name: 'Specializations and industries' });
    await expect.poll(() => own.getByRole('listitem').allTextContents(), { timeout: 15_000 }).toEqual(['Negotiation', 'Pricing', 'Technology']);
    expect(await a.getByText('No ratings yet').count()).toBe(1);
    await accessibleWhenSettled(a, 'my mentoring');
    const active = a.getByRole('switch', { name: 'Accepting new mentees' });
    await active.click();
    await expectToast(a, 'You are hidden from Discover Mentors and cannot be requested.');
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');

    const b = await benBrowser.newPage();
    const benProblems = watchPage(b);
    await signIn(b, server, ben);
    // Ben has a CV, which the mentor he asks may open
    const uploaded = await b.evaluate(async () => {
      const pdf = new Blob(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], { type: 'application/pdf' });
      const form = new FormData();
      form.append('cv', pdf, 'ben.pdf');
      const res = await fetch('/api/auth/upload-cv', { method: 'POST', body: form });
      return { status: res.status, url: ((await res.json()) as { user: { cvUrl: string } }).user.cvUrl };
    });
    expect(uploaded.status).toBe(200);
    await b.goto(`${server.baseUrl}/mentor-matching?tab=discover`);
    await expect.poll(() => visible(b, 'No Mentors Found'), { timeout: 15_000 }).toBe(1);
    await active.click();
    await expectToast(a, 'Members can find you and request mentorship again.');

    // Ada edits her profile: more hours, one more specialization left typed
    await a.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Mentor Profile' });
    expect(await edit.getByLabel('Years of experience').inputValue()).toBe('12');
    await edit.getByLabel('Hours per week').fill('6');
    await edit.getByRole('textbox', { name: 'Specializations', exact: true }).fill('Partnerships');
    await accessibleWhenSettled(a, 'edit mentor profile dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(a, 'Your mentor profile has been updated.');
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => own.getByRole('listitem').allTextContents()).toEqual(['Negotiation', 'Pricing', 'Partnerships', 'Technology']);
    expect(await visible(a, '6 hours/week')).toBe(1);

    await b.reload();
    const card = b.getByRole('article', { name: 'Ada Mentor' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByText(/(Excellent|Good|Fair|Basic) Match/).count()).toBe(1);
    expect(await card.getByText('0/1 mentees').count()).toBe(1);
    await accessibleWhenSettled(b, 'discover');
    await card.getByRole('button', { name: 'Request Mentorship' }).click();
    const request = b.getByRole('dialog', { name: 'Request Mentorship' });
    await request.getByLabel('What do you want to achieve?').fill('Learn to price partnership deals with confidence.');
    await accessibleWhenSettled(b, 'request dialog');
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => b.getByText('Your mentorship request has been sent successfully!').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => request.count()).toBe(0);
    await b.getByRole('tab', { name: 'My Requests' }).click();
    await expect.poll(() => visible(b, 'Learn to price partnership deals with confidence.'), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(b, 'my requests');

    await a.goto(`${server.baseUrl}/mentor-matching?tab=mentor`);
    await expect.poll(() => a.getByRole('heading', { name: 'Ben Mentee' }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'mentor requests');
    const cv = a.getByRole('link', { name: 'View CV of Ben Mentee' });
    expect(await cv.getAttribute('href')).toBe(uploaded.url);
    expect(await a.evaluate(async (url) => (await fetch(url)).status, uploaded.url)).toBe(200);
    await a.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => a.getByRole('button', { name: 'Accept' }).count(), { timeout: 15_000 }).toBe(0);

    // Ada schedules a session (the form says what is missing first) and marks it held
    await expect.poll(() => visible(a, 'No sessions yet. Schedule the first one.'), { timeout: 15_000 }).toBe(1);
    await a.getByRole('button', { name: 'Schedule Session' }).click();
    const schedule = a.getByRole('dialog', { name: 'Schedule Session' });
    await schedule.getByLabel('Duration (minutes)').fill('5');
    await schedule.getByLabel('Meeting link').fill('not a link');
    await schedule.getByRole('button', { name: 'Schedule Session' }).click();
    await expect.poll(() => schedule.getByText('Choose a date and time').count()).toBe(1);
    expect(await schedule.getByText('Duration must be at least 15').count()).toBe(1);
    expect(await schedule.getByText('Enter a valid meeting link').count()).toBe(1);
    await schedule.getByLabel('Date and time').fill('2026-12-01T10:00');
    await schedule.getByLabel('Duration (minutes)').fill('45');
    await schedule.getByLabel('Meeting link').fill('https://meet.example.com/ada-ben');
    await schedule.getByLabel('Notes').fill('Bring a recent deal to price.');
    await accessibleWhenSettled(a, 'schedule session dialog');
    await schedule.getByRole('button', { name: 'Schedule Session' }).click();
    await expectToast(a, 'Your mentee has been notified.');
    await expect.poll(() => visible(a, '45 minutes'), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'mentor requests with a session');
    await a.getByRole('button', { name: 'Mark Completed' }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Mark Completed' }).click();
    await expectToast(a, 'The session has been marked as completed.');
    await expect.poll(() => a.getByRole('button', { name: 'Mark Completed' }).count(), { timeout: 15_000 }).toBe(0);

    // Ben rates it with the keyboard
    await b.goto(`${server.baseUrl}/mentor-matching?tab=requests`);
    const rateButton = b.getByRole('button', { name: 'Rate Session' });
    await expect.poll(() => rateButton.count(), { timeout: 15_000 }).toBe(1);
    expect(await visible(b, 'Bring a recent deal to price.')).toBe(1);
    await rateButton.click();
    const rate = b.getByRole('dialog', { name: 'Rate Session' });
    await rate.getByRole('button', { name: 'Submit Rating' }).click();
    await expect.poll(() => rate.getByText('Choose a rating from 1 to 5').count()).toBe(1);
    await rate.getByRole('radio', { name: '1 star' }).focus();
    await b.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await b.keyboard.press('ArrowRight');
    expect(await rate.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await rate.getByLabel('Feedback').fill('Clear and practical.');
    await accessibleWhenSettled(b, 'rate session dialog');
    await rate.getByRole('button', { name: 'Submit Rating' }).click();
    await expectToast(b, 'Your rating has been saved.');
    await expect.poll(() => b.getByRole('img', { name: 'Rated 4 out of 5' }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(b, 'my requests with a rated session');

    await b.goto(`${server.baseUrl}/mentor-matching?tab=discover`);
    await expect.poll(() => b.getByRole('article', { name: 'Ada Mentor' }).getByText('1/1 mentees').count(), { timeout: 15_000 }).toBe(1);
    expect(await b.getByRole('article', { name: 'Ada Mentor' }).getByText('(1 review)').count()).toBe(1);
    expect(await b.getByRole('article', { name: 'Ada Mentor' }).getByText('4.00').count()).toBe(1);
    const booked = b.getByRole('article', { name: 'Ada Mentor' }).getByRole('button', { name: 'Fully Booked' });
    expect(await booked.isDisabled()).toBe(true);
    await b.getByRole('tab', { name: 'Matching Insights' }).click();
    await expect.poll(() => visible(b, 'Industry Match'), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(b, 'matching insights');

    await a.reload();
    await expect.poll(() => visible(a, '(1 review)'), { timeout: 15_000 }).toBe(1);

    expect(adaProblems).toEqual([]);
    expect(benProblems).toEqual([]);
  }, 480_000);
});
