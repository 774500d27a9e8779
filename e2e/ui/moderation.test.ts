import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, bell, bellName, settled } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Keeping the feed in order, and naming each other in it. A member reports another's comment with a reason; an
 * administrator finds it in Admin Panel → Moderation (empty before: "Nothing to review") and hides it after a
 * confirmation; the reporter no longer sees it, its author sees it marked "Hidden by a moderator". The
 * administrator pins an older post, and members see it first, marked "Pinned". Then two members mention each other
 * with @ in a post and a comment: the suggestions are picked by keyboard, the text shows a link to the member, and
 * the one mentioned is told and follows the link.
 */
let server: RunningServer;
let ninaBrowser: BrowserContext;
let bramBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const nina = { username: 'nina.writer', email: 'nina.writer@example.com', password: 'Partner-Pass-123', firstName: 'Nina', lastName: 'Poster' };
const bram = { username: 'bram.member', email: 'bram.member@example.com', password: 'Partner-Pass-123', firstName: 'Bram', lastName: 'Connector' };
const mona = { username: 'mona.admin', email: 'mona.admin@example.com', password: 'Admin-Pass-1234', firstName: 'Mona', lastName: 'Moderator' };
const shots = join(tmpdir(), 'cp-moderation-screens');
const older = 'Welcome to the partner community';
const newer = 'Quiet week on the pipeline';
const rude = 'This whole thread is a waste of everyone’s time.';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ admins: [mona], partners: [nina, bram] });
  [ninaBrowser, bramBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([ninaBrowser?.close(), bramBrowser?.close(), adminBrowser?.close()]);
  await server?.stop();
});

/** Calls the API as the signed-in member and answers the status and body. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: { id?: string } }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: res.status === 204 ? {} : await res.json() };
    },
    [method, path, body] as const,
  );
}

/** Screenshots at a desktop's and a phone's width, full page (a dialog: the screen as it is). */
async function screenshots(page: Page, name: string, fullPage = true) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The feed's card of a post, found by its heading. */
const card = (page: Page, postTitle: string) => page.locator('article').filter({ has: page.getByRole('heading', { name: postTitle, exact: true }) });

/** The titles of the feed's posts, top to bottom. */
const feedTitles = (page: Page) => page.locator('article h3').allTextContents();

describe('moderation and pinned announcements', () => {
  it('a reported comment hidden from the Moderation tab, and a pinned post first', async () => {
    const n = await ninaBrowser.newPage();
    const b = await bramBrowser.newPage();
    const a = await adminBrowser.newPage();
    const problems = [watchPage(n), watchPage(b), watchPage(a)];
    await Promise.all([signIn(n, server, nina), signIn(b, server, bram), signIn(a, server, mona)]);

    // nothing reported yet
    await a.goto(`${server.baseUrl}/admin?tab=moderation`);
    await expect.poll(() => a.getByText('Nothing to review').count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'moderation, empty');

    // Bram's older post, Nina's comment on it, and Nina's newer post
    const post = await call(b, 'POST', '/api/community-posts', { title: older, content: 'Introduce yourself below.', category: 'discussion' });
    expect(post.status).toBe(201);
    expect((await call(n, 'POST', `/api/community-posts/${post.body.id}/comments`, { content: rude })).status).toBe(201);
    expect((await call(n, 'POST', '/api/community-posts', { title: newer, content: 'Nothing new this week.', category: 'questions' })).status).toBe(201);

    // Bram reports Nina's comment: the reason is required, and counted
    await b.goto(`${server.baseUrl}/community`);
    const bramPost = card(b, older);
    await bramPost.getByRole('button', { name: `1 comment on ${older}` }).click();
    const thread = b.getByRole('region', { name: `Comments on ${older}` });
    const comment = thread.getByRole('article', { name: 'Comment by Nina Poster' });
    await expect.poll(() => comment.count(), { timeout: 15_000 }).toBe(1);
    // his own post offers no report, her comment does
    expect(await bramPost.getByRole('button', { name: `More actions for post: ${older}` }).count()).toBe(0);
    await comment.getByRole('button', { name: 'Report the comment by Nina Poster' }).click();
    const dialog = b.getByRole('dialog', { name: 'Report comment' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect.poll(() => dialog.getByText('Tell the moderators what is wrong').count()).toBe(1);
    const reason = dialog.getByRole('textbox', { name: 'What is wrong with it?' });
    await fillChecked(reason, 'Rude to the other members.');
    expect(await dialog.getByText('26/500').count()).toBe(1);
    await accessibleWhenSettled(b, 'report dialog');
    await screenshots(b, 'report-dialog', false);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expectToast(b, 'Thanks — a moderator will look at it');
    await expect.poll(() => dialog.count()).toBe(0);

    // the administrator finds it in the queue: the words, the author, the count and the reason
    await a.reload();
    const reports = a.getByRole('list', { name: 'Reports' });
    const report = reports.getByRole('article', { name: `Comment on “${older}”` });
    await expect.poll(() => report.count(), { timeout: 15_000 }).toBe(1);
    const text = (await report.textContent()) ?? '';
    expect(text).toContain(rude);
    expect(text).toContain('Nina Poster');
    expect(text).toContain('1 report');
    expect(text).toContain('Rude to the other members.');
    expect(text).toContain('Bram Connector');
    expect(text).toContain('Open');
    // the tab counts what waits
    await expect.poll(() => a.getByRole('tab', { name: /^Moderation\s*1 to review$/ }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(a, 'moderation queue');
    await screenshots(a, 'moderation-tab');

    // hide, after a confirmation that can be cancelled
    const hide = report.getByRole('button', { name: 'Hide the comment by Nina Poster' });
    await hide.click();
    const confirm = a.getByRole('alertdialog', { name: 'Hide this comment?' });
    await expect.poll(() => confirm.count()).toBe(1);
    await expectAccessible(a, 'hide confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await hide.click();
    await confirm.getByRole('button', { name: 'Hide' }).click();
    await expectToast(a, 'Hidden from the community');
    await expect.poll(() => report.getByRole('button', { name: 'Restore the comment by Nina Poster' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await report.getByRole('button', { name: 'Hide the comment by Nina Poster' }).count()).toBe(0);
    await expect.poll(() => a.getByRole('tab', { name: 'Moderation', exact: true }).count(), { timeout: 15_000 }).toBe(1);

    // the reporter no longer sees it
    await b.reload();
    await expect.poll(() => card(b, older).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(
        () =>
          card(b, older)
            .getByRole('button', { name: `Comment on ${older}` })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await card(b, older)
      .getByRole('button', { name: `Comment on ${older}` })
      .click();
    await expect
      .poll(
        () =>
          b
            .getByRole('region', { name: `Comments on ${older}` })
            .getByText('No comments yet — start the conversation')
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await b.getByText(rude).count()).toBe(0);

    // its author sees it, marked hidden (and is told)
    await n.goto(`${server.baseUrl}/community`);
    const ninaCard = card(n, older);
    await expect.poll(() => ninaCard.count(), { timeout: 15_000 }).toBe(1);
    await ninaCard.getByRole('button', { name: /^(Comment|\d+ comments?) on / }).click();
    const hidden = n.getByRole('region', { name: `Comments on ${older}` }).getByRole('article', { name: 'Comment by Nina Poster' });
    await expect.poll(() => hidden.count(), { timeout: 15_000 }).toBe(1);
    expect(await hidden.getByText('Hidden by a moderator').count()).toBe(1);
    expect(await hidden.getByText(rude).count()).toBe(1);
    await expect.poll(() => bellName(n), { timeout: 15_000 }).toMatch(/unread/);
    await accessibleWhenSettled(n, 'a hidden comment, to its author');
    await screenshots(n, 'hidden-comment-author');

    // the administrator pins the older post from its menu; members see it first, marked Pinned
    await a.goto(`${server.baseUrl}/community`);
    await expect.poll(() => feedTitles(a), { timeout: 15_000 }).toEqual([newer, older]);
    await card(a, older)
      .getByRole('button', { name: `More actions for post: ${older}` })
      .click();
    await a.getByRole('menuitem', { name: 'Pin to the top of the feed' }).click();
    await expectToast(a, 'Post pinned');
    await expect.poll(() => feedTitles(a), { timeout: 15_000 }).toEqual([older, newer]);

    await b.reload();
    await expect.poll(() => feedTitles(b), { timeout: 15_000 }).toEqual([older, newer]);
    const pinned = b.getByRole('region', { name: 'Pinned announcements' });
    expect(await pinned.getByRole('heading', { name: older, exact: true }).count()).toBe(1);
    expect(await card(b, older).getByText('Pinned', { exact: true }).count()).toBe(1);
    expect(await card(b, newer).getByText('Pinned', { exact: true }).count()).toBe(0);
    // members are offered Report on someone else's post, not Pin
    await card(b, newer)
      .getByRole('button', { name: `More actions for post: ${newer}` })
      .click();
    expect(await b.getByRole('menuitem', { name: 'Report post' }).count()).toBe(1);
    expect(await b.getByRole('menuitem', { name: /Pin/ }).count()).toBe(0);
    await b.keyboard.press('Escape');
    await accessibleWhenSettled(b, 'feed with a pinned post');

    for (const p of problems) expect(p).toEqual([]);
  });
});

describe('mentions', () => {
  it('two members mention each other; the one mentioned is told and follows the link', async () => {
    const n = await ninaBrowser.newPage();
    const b = await bramBrowser.newPage();
    const problems = [watchPage(n), watchPage(b)];
    await n.goto(`${server.baseUrl}/community`);
    await b.goto(`${server.baseUrl}/dashboard`);
    await expect.poll(() => bell(b).count(), { timeout: 15_000 }).toBe(1);
    const before = await bellName(b);

    // Nina writes a post naming Bram: @ and a few letters suggest him; Escape closes only the suggestions
    await n.getByRole('button', { name: 'Share Your Thoughts' }).first().click();
    const form = n.getByRole('form', { name: 'Share Your Thoughts' });
    await fillChecked(form.getByLabel('Title'), 'Thank you for the introduction');
    const content = form.getByRole('textbox', { name: 'Content' });
    await content.click();
    await content.pressSequentially('Thanks @Bra', { delay: 30 });
    const options = n.getByRole('listbox', { name: 'Members to mention' });
    await expect.poll(() => options.getByRole('option', { name: /Bram Connector/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await content.getAttribute('aria-activedescendant')).toBeTruthy();
    await accessibleWhenSettled(n, 'mention suggestions');
    await screenshots(n, 'mention-suggestions', false);
    await content.press('Escape');
    await expect.poll(() => options.count()).toBe(0);
    expect(await form.count()).toBe(1);
    // typed afresh, they open again
    await content.press('Control+a');
    await content.press('Delete');
    await content.pressSequentially('Thanks @Bra', { delay: 30 });
    await expect.poll(() => options.getByRole('option', { name: /Bram Connector/ }).count(), { timeout: 15_000 }).toBe(1);
    await content.press('Enter');
    await expect.poll(() => content.inputValue()).toBe('Thanks @Bram Connector ');
    await content.pressSequentially('for the introduction!', { delay: 10 });
    await form.getByRole('button', { name: 'Share Post' }).click();
    await expectToast(n, 'Post created successfully');
    const mentionPost = card(n, 'Thank you for the introduction');
    await expect.poll(() => mentionPost.getByRole('link', { name: '@Bram Connector' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await mentionPost.textContent()).toContain('Thanks @Bram Connector for the introduction!');
    expect(await mentionPost.textContent()).not.toContain('user:');
    await accessibleWhenSettled(n, 'feed with a mention');
    await screenshots(n, 'feed-pinned-mention');

    // Bram is told, and the notification opens the post
    await expect.poll(() => bellName(b), { timeout: 20_000 }).not.toBe(before);
    await bell(b).click();
    await b
      .getByRole('menu')
      .getByRole('menuitem', { name: /You were mentioned/ })
      .click();
    await expect.poll(() => new URL(b.url()).searchParams.get('post'), { timeout: 15_000 }).toBeTruthy();
    const linked = card(b, 'Thank you for the introduction');
    await expect.poll(() => linked.getByRole('link', { name: '@Bram Connector' }).count(), { timeout: 15_000 }).toBe(1);

    // under his own pinned post he names Nina (her own post's comments already tell her), picking her with Tab, and
    // sends with Ctrl+Enter
    await b.getByRole('link', { name: 'Back to the feed' }).click();
    await card(b, older)
      .getByRole('button', { name: `Comment on ${older}` })
      .click();
    const box = b.getByRole('region', { name: `Comments on ${older}` }).getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    await box.pressSequentially('Welcome, @Nin', { delay: 30 });
    await expect
      .poll(
        () =>
          b
            .getByRole('listbox', { name: 'Members to mention' })
            .getByRole('option', { name: /Nina Poster/ })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await box.press('Tab');
    await expect.poll(() => box.inputValue()).toBe('Welcome, @Nina Poster ');
    await box.press('Control+Enter');
    const answer = b.getByRole('article', { name: 'Comment by Bram Connector' });
    await expect.poll(() => answer.getByRole('link', { name: '@Nina Poster' }).count(), { timeout: 15_000 }).toBe(1);

    // Nina is told too; the mention of Bram in her post opens his profile
    await bell(n).click();
    await expect
      .poll(
        () =>
          n
            .getByRole('menu')
            .getByRole('menuitem', { name: /You were mentioned/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    await n.keyboard.press('Escape');
    await n.reload();
    await card(n, 'Thank you for the introduction').getByRole('link', { name: '@Bram Connector' }).click();
    await expect.poll(() => n.getByRole('dialog', { name: 'Bram Connector' }).count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(n.url()).searchParams.get('tab')).toBe('directory');
    await accessibleWhenSettled(n, 'profile from a mention');
    await n.keyboard.press('Escape');
    await expect.poll(() => new URL(n.url()).searchParams.get('member')).toBeNull();

    for (const p of problems) expect(p).toEqual([]);
  });
});
