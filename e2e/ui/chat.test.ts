import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, socketReady, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Chat as members use it: Alice creates a public channel, posts, replies, edits and deletes; Bob finds it under
 * Browse, joins and reads, and his message shows as unread for Alice until she opens the channel; once connected,
 * Alice messages Bob from his profile; on a phone the list and the conversation are separate views; and a
 * conversation closes to new messages when they disconnect.
 */
let server: RunningServer;
let aliceBrowser: BrowserContext;
let bobBrowser: BrowserContext;
let phoneBrowser: BrowserContext;
const alice = { username: 'alice.chat', email: 'alice.chat@example.com', password: 'Partner-Pass-123', firstName: 'Alice', lastName: 'Writer' };
const bob = { username: 'bob.chat', email: 'bob.chat@example.com', password: 'Partner-Pass-123', firstName: 'Bob', lastName: 'Reader' };
const channelName = 'Founders Circle';

beforeAll(async () => {
  server = await startServer({ partners: [alice, bob] });
  [aliceBrowser, bobBrowser, phoneBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser({ width: 390, height: 844 })]);
});
afterAll(async () => {
  await Promise.all([aliceBrowser?.close(), bobBrowser?.close(), phoneBrowser?.close()]);
  await server?.stop();
});

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const message = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message / });

async function send(page: Page, text: string) {
  await fillChecked(composer(page), text);
  await composer(page).press('Enter');
  await expect.poll(() => message(page, text).count(), { timeout: 10_000 }).toBe(1);
  // The message may arrive over the socket a moment before the send itself is answered, which is when the
  // composer empties.
  await expect.poll(() => composer(page).inputValue(), { timeout: 10_000 }).toBe('');
}

async function messageAction(page: Page, text: string, action: 'Reply' | 'Edit' | 'Delete') {
  const item = message(page, text);
  await item.hover();
  await item.getByRole('button', { name: /^Actions for the message/ }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

const api = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  );

describe('chat', () => {
  it('a public channel: create, post, reply, edit, delete; another member browses, joins and reads; unread counts; a direct message; the phone', async () => {
    // Alice starts from the empty list and creates a channel (the form first says what is missing)
    const a = await aliceBrowser.newPage();
    const aliceProblems = watchPage(a);
    await signIn(a, server, alice);
    await a.getByRole('link', { name: 'Chat' }).click();
    await expect.poll(() => visible(a, 'No conversations yet'), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'chat empty state');
    await a.getByRole('button', { name: 'New channel' }).first().click();
    const form = a.getByRole('dialog', { name: 'New channel' });
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(() => form.getByText('Channel name is required').count()).toBe(1);
    await fillChecked(form.getByLabel('Name'), channelName);
    await fillChecked(form.getByLabel('Description'), 'Founders comparing notes on growth and funding.');
    await accessibleWhenSettled(a, 'new channel dialog');
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expectToast(a, 'Channel created');
    await expect.poll(() => a.url(), { timeout: 10_000 }).toMatch(/\/chat\/[0-9a-f-]{36}$/);
    const channelUrl = a.url();
    await expect.poll(() => visible(a, 'No messages yet — say hello'), { timeout: 10_000 }).toBe(1);
    expect(await a.getByRole('heading', { name: channelName, level: 2 }).count()).toBe(1);
    await accessibleWhenSettled(a, 'empty conversation');

    // she posts (Send waits for words), replies to herself, edits and deletes
    expect(await a.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await send(a, 'Welcome to the circle. Agenda for Thursday: https://example.com/agenda');
    const link = message(a, 'Welcome to the circle').getByRole('link', { name: 'https://example.com/agenda' });
    expect(await link.getAttribute('rel')).toContain('noopener');
    await send(a, 'Bring one question about your next raise.');
    await messageAction(a, 'Welcome to the circle', 'Reply');
    await expect.poll(() => visible(a, /^Replying to/)).toBe(1);
    await send(a, 'Thursday starts at 8:30 sharp.');
    expect(
      await message(a, 'Thursday starts at 8:30 sharp.')
        .getByRole('button', { name: /^Go to the message replied to: Alice Writer: Welcome to the circle/ })
        .count(),
    ).toBe(1);
    await messageAction(a, 'Bring one question', 'Edit');
    const edit = a.getByRole('textbox', { name: 'Edit message' });
    await fillChecked(edit, 'Bring one question about your next raise, and one about hiring.');
    await edit.press('Enter');
    await expect.poll(() => message(a, 'and one about hiring').getByText('(edited)').count(), { timeout: 10_000 }).toBe(1);
    await send(a, 'Posted in the wrong channel, sorry.');
    await messageAction(a, 'Posted in the wrong channel', 'Delete');
    const confirm = a.getByRole('alertdialog', { name: 'Delete this message?' });
    await accessibleWhenSettled(a, 'delete message confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(a, 'Message deleted');
    await expect.poll(() => log(a).getByText('This message was deleted').count(), { timeout: 10_000 }).toBe(1);
    expect(await log(a).getByText('Posted in the wrong channel').count()).toBe(0);
    await accessibleWhenSettled(a, 'conversation');

    // Bob finds it under Browse, joins and reads; he writes back
    const b = await bobBrowser.newPage();
    const bobProblems = watchPage(b);
    await signIn(b, server, bob);
    await b.goto(`${server.baseUrl}/chat`);
    await b.getByRole('tab', { name: 'Browse channels' }).click();
    await expect.poll(() => b.getByRole('button', { name: `Join ${channelName}` }).count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(b, 'browse channels');
    await b.getByRole('button', { name: `Join ${channelName}` }).click();
    await expectToast(b, `You joined ${channelName}.`);
    await expect.poll(() => b.url(), { timeout: 10_000 }).toBe(channelUrl);
    await expect.poll(() => message(b, 'Thursday starts at 8:30 sharp.').count(), { timeout: 10_000 }).toBe(1);
    expect(await log(b).getByText('This message was deleted').count()).toBe(1);
    // Bob may reply to Alice but neither edit nor delete her words
    // (the first: the reply quotes it too)
    await message(b, 'Welcome to the circle').first().hover();
    await message(b, 'Welcome to the circle')
      .first()
      .getByRole('button', { name: /^Actions for the message/ })
      .click();
    expect(await b.getByRole('menuitem', { name: 'Reply' }).count()).toBe(1);
    expect(await b.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    expect(await b.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await b.keyboard.press('Escape');
    // Alice has left the channel for the dashboard (with the channel open, a new message is read at once)
    const aliceLive = socketReady(a);
    await a.goto(`${server.baseUrl}/dashboard`);
    await aliceLive;
    await send(b, 'Thanks Alice, I will be there.');

    // Alice sees it as unread, arriving live in the navigation, and in the list, until she opens the channel
    await expect.poll(() => a.getByRole('link', { name: /^Chat\W+1 unread message$/ }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await a.goto(`${server.baseUrl}/chat`);
    await expect.poll(() => a.getByRole('link', { name: /^Chat\W+1 unread message$/ }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const row = a.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(channelName) });
    expect(await row.getByText('1 unread message').count()).toBe(1);
    expect(await row.getByText('Thanks Alice, I will be there.').count()).toBe(1);
    await row.click();
    await expect.poll(() => message(a, 'Thanks Alice').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => a.getByRole('link', { name: /^Chat\W+\d+ unread/ }).count(), { timeout: 10_000 }).toBe(0);
    await a.reload();
    await expect.poll(() => message(a, 'Thanks Alice').count(), { timeout: 10_000 }).toBe(1);
    expect(await a.getByRole('link', { name: /^Chat\W+\d+ unread/ }).count()).toBe(0);

    // once connected, Alice messages Bob from his profile
    const bobId = (await api(b, 'GET', '/api/auth/me')).body.user.id as string;
    const request = await api(a, 'POST', '/api/member-connections', { receiverId: bobId, message: 'Good to meet you in the circle.' });
    expect(request.status).toBe(201);
    expect((await api(b, 'PATCH', `/api/member-connections/${request.body.id}`, { status: 'accepted' })).status).toBe(200);
    await a.goto(`${server.baseUrl}/community?tab=directory`);
    const skip = a.getByRole('button', { name: 'Skip' });
    await expect.poll(async () => (await skip.count()) + (await a.getByText('Active Partners').count()), { timeout: 10_000 }).toBeGreaterThan(0);
    if (await skip.count()) await skip.click();
    await a.getByRole('button', { name: 'View profile of Bob Reader' }).click();
    const profile = a.getByRole('dialog');
    await expect.poll(() => profile.getByRole('button', { name: 'Message Bob Reader' }).count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(a, 'member profile with Message');
    await profile.getByRole('button', { name: 'Message Bob Reader' }).click();
    await expect.poll(() => a.url(), { timeout: 10_000 }).toMatch(/\/chat\/[0-9a-f-]{36}$/);
    expect(a.url()).not.toBe(channelUrl);
    // a direct conversation's header says whether the other member is here (Bob's browser is open: online or away)
    await expect
      .poll(
        () =>
          a
            .locator('header')
            .getByText(/^(Online|Away)$/)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await a.getByRole('heading', { name: 'Bob Reader', level: 2 }).count()).toBe(1);
    const directUrl = a.url();
    await send(a, 'Hi Bob, a quick one about Thursday.');
    await accessibleWhenSettled(a, 'direct conversation');

    // on a phone Bob sees the list, then the conversation alone with a way back
    const p = await phoneBrowser.newPage();
    const phoneProblems = watchPage(p);
    await signIn(p, server, bob);
    await p.goto(`${server.baseUrl}/chat`);
    const phoneList = p.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => phoneList.getByRole('link', { name: /Alice Writer/ }).count(), { timeout: 10_000 }).toBe(1);
    expect(
      await phoneList
        .getByRole('link', { name: /Alice Writer/ })
        .getByText('1 unread message')
        .count(),
    ).toBe(1);
    await accessibleWhenSettled(p, 'phone conversation list');
    await phoneList.getByRole('link', { name: /Alice Writer/ }).click();
    await expect.poll(() => message(p, 'Hi Bob, a quick one').count(), { timeout: 10_000 }).toBe(1);
    expect(await phoneList.isVisible()).toBe(false);
    await accessibleWhenSettled(p, 'phone conversation');
    await send(p, 'Sure, call me after lunch.');
    await p.getByRole('link', { name: 'Back to conversations' }).click();
    await expect.poll(() => phoneList.isVisible(), { timeout: 10_000 }).toBe(true);

    // they disconnect: the conversation stays readable but takes no new message
    expect((await api(b, 'DELETE', `/api/member-connections/${request.body.id}`)).status).toBe(204);
    await a.goto(directUrl);
    await expect.poll(() => message(a, 'Sure, call me after lunch.').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => visible(a, /You are no longer connected with Bob/), { timeout: 10_000 }).toBe(1);
    expect(await composer(a).count()).toBe(0);
    await accessibleWhenSettled(a, 'closed direct conversation');

    expect([...aliceProblems, ...bobProblems, ...phoneProblems]).toEqual([]);
  }, 360_000);
});
