import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, settled } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Conversations on the Discussion Feed: a member comments on another's post and reacts to it, the author replies
 * and reacts to the comment, edits the post (shown edited), the feed's "Latest activity" order brings the talked-about
 * post first, and a reply is deleted after its confirmation; the counts follow each step. A link to the post opens
 * it alone with its conversation, and a link to a post no longer there says so.
 */
let server: RunningServer;
let ninaBrowser: BrowserContext;
let bramBrowser: BrowserContext;
const nina = { username: 'nina.author', email: 'nina.author@example.com', password: 'Partner-Pass-123', firstName: 'Nina', lastName: 'Poster' };
const bram = { username: 'bram.reader', email: 'bram.reader@example.com', password: 'Partner-Pass-123', firstName: 'Bram', lastName: 'Connector' };
const shots = join(tmpdir(), 'cp-conversation-screens');
const title = 'How do you open a conversation with a new client?';
const edited = 'How do you open the first conversation with a new client?';
const later = 'Quiet week on the pipeline';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ partners: [nina, bram] });
  [ninaBrowser, bramBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([ninaBrowser?.close(), bramBrowser?.close()]);
  await server?.stop();
});

/** Creates a post through the API as the signed-in member (the form itself is covered by the community journey). */
async function createPost(page: Page, postTitle: string, content: string) {
  const status = await page.evaluate(
    async ([t, c]) =>
      (
        await fetch('/api/community-posts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: t, content: c, category: 'questions' }),
        })
      ).status,
    [postTitle, content] as const,
  );
  expect(status).toBe(201);
}

/** Screenshots at a desktop's and a phone's width, full page. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The feed's card of a post, found by its heading. */
const card = (page: Page, postTitle: string) => page.locator('article').filter({ has: page.getByRole('heading', { name: postTitle, exact: true }) });

/** The titles of the feed's posts, top to bottom. */
const feedTitles = (page: Page) => page.locator('article h3').allTextContents();

/** The reaction button of `name` ("Like") in a reactions group, whatever its count. */
const reaction = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

describe('conversations on the feed', () => {
  it('comment, reply, reactions, an edited post, latest activity first and a deleted reply', async () => {
    const n = await ninaBrowser.newPage();
    const ninaProblems = watchPage(n);
    await signIn(n, server, nina);
    await createPost(n, title, 'Cold e-mails rarely work for us. What has worked for you?');

    const b = await bramBrowser.newPage();
    const bramProblems = watchPage(b);
    await signIn(b, server, bram);
    await createPost(b, later, 'Nothing new this week.');

    // Bram opens Nina's post's conversation: nothing yet
    await b.goto(`${server.baseUrl}/community`);
    const post = card(b, title);
    await expect.poll(() => post.count(), { timeout: 15_000 }).toBe(1);
    expect(await feedTitles(b)).toEqual([later, title]);
    const open = post.getByRole('button', { name: `Comment on ${title}` });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const thread = b.getByRole('region', { name: `Comments on ${title}` });
    await expect.poll(() => thread.getByText('No comments yet — start the conversation').count(), { timeout: 15_000 }).toBe(1);

    // he comments (Ctrl+Enter sends) and likes the post
    const box = thread.getByRole('textbox', { name: 'Write a comment' });
    await fillChecked(box, 'A short note after a referral, then a call.');
    expect(await thread.getByText('43/2,000').count()).toBe(1);
    await box.press('Control+Enter');
    const bramsComment = thread.getByRole('article', { name: 'Comment by Bram Connector' });
    await expect.poll(() => bramsComment.count(), { timeout: 15_000 }).toBe(1);
    expect(await bramsComment.textContent()).toContain('A short note after a referral, then a call.');
    expect(await box.inputValue()).toBe('');
    await expect.poll(() => post.getByRole('button', { name: `1 comment on ${title}` }).count(), { timeout: 15_000 }).toBe(1);

    const postReactions = post.getByRole('group', { name: `Reactions to the post ${title}` });
    const like = reaction(postReactions, 'Like');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-label')).toBe('Like (1)');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await accessibleWhenSettled(b, 'comment thread');

    // Nina sees the comment and the like (who liked it shows on hover), replies and celebrates the comment
    await n.goto(`${server.baseUrl}/community`);
    const mine = card(n, title);
    await expect.poll(() => mine.getByRole('button', { name: `1 comment on ${title}` }).count(), { timeout: 15_000 }).toBe(1);
    const ninaLike = reaction(mine.getByRole('group', { name: `Reactions to the post ${title}` }), 'Like');
    expect(await ninaLike.getAttribute('aria-label')).toBe('Like (1)');
    expect(await ninaLike.getAttribute('aria-pressed')).toBe('false');
    await ninaLike.hover();
    await expect.poll(() => n.getByRole('tooltip').filter({ hasText: 'Bram Connector' }).count(), { timeout: 10_000 }).toBe(1);

    await mine.getByRole('button', { name: `1 comment on ${title}` }).click();
    const ninaThread = n.getByRole('region', { name: `Comments on ${title}` });
    const comment = ninaThread.getByRole('article', { name: 'Comment by Bram Connector' });
    await expect.poll(() => comment.count(), { timeout: 15_000 }).toBe(1);
    // only the author may change or remove a comment
    expect(await comment.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);
    await comment.getByRole('button', { name: 'Reply to Bram Connector' }).click();
    const replyBox = ninaThread.getByRole('textbox', { name: 'Reply to Bram Connector' });
    await expect.poll(() => replyBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await fillChecked(replyBox, 'Thank you, a call it is.');
    await ninaThread.getByRole('form', { name: 'Reply to Bram Connector' }).getByRole('button', { name: 'Reply' }).click();
    const reply = ninaThread.getByRole('list', { name: 'Replies to Bram Connector' }).getByRole('article', { name: 'Reply by Nina Poster' });
    await expect.poll(() => reply.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => mine.getByRole('button', { name: `2 comments on ${title}` }).count(), { timeout: 15_000 }).toBe(1);
    // live: Bram's conversation, open in his tab since he commented, shows her reply without a reload (he is told of it)
    await expect.poll(() => thread.getByRole('article', { name: 'Reply by Nina Poster' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => post.getByRole('button', { name: `2 comments on ${title}` }).count(), { timeout: 15_000 }).toBe(1);

    const celebrate = reaction(comment.getByRole('group', { name: 'Reactions to the comment by Bram Connector' }), 'Celebrate');
    await celebrate.click();
    await expect.poll(() => celebrate.getAttribute('aria-label')).toBe('Celebrate (1)');
    expect(await celebrate.getAttribute('aria-pressed')).toBe('true');
    // a reaction tells nobody, yet it reaches Bram's open conversation live too
    const bramsCelebrate = reaction(bramsComment.getByRole('group', { name: 'Reactions to the comment by Bram Connector' }), 'Celebrate');
    await expect.poll(() => bramsCelebrate.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Celebrate (1)');
    await accessibleWhenSettled(n, 'conversation with a reply');
    await screenshots(n, 'conversation');

    // she edits the post's title; the card says it was edited
    await mine.getByRole('button', { name: `Edit post: ${title}` }).click();
    const form = n.getByRole('form', { name: 'Edit post' });
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    await fillChecked(form.getByLabel('Title'), edited);
    await accessibleWhenSettled(n, 'edit post dialog');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(n, 'Post updated');
    const editedCard = card(n, edited);
    await expect.poll(() => editedCard.count(), { timeout: 15_000 }).toBe(1);
    expect(await editedCard.getByText('· edited').count()).toBe(1);

    // Bram reloads: the edited title, two comments, Nina's reply and her celebration of his comment; latest
    // activity brings the talked-about post above his newer one, and the order stays in the address
    await b.reload();
    const bramCard = card(b, edited);
    await expect.poll(() => bramCard.getByRole('button', { name: `2 comments on ${edited}` }).count(), { timeout: 15_000 }).toBe(1);
    expect(await bramCard.getByText('· edited').count()).toBe(1);
    expect(await feedTitles(b)).toEqual([later, edited]);
    await b.getByRole('group', { name: 'Order posts by' }).getByRole('button', { name: 'Latest activity' }).click();
    await expect.poll(() => feedTitles(b), { timeout: 15_000 }).toEqual([edited, later]);
    expect(new URL(b.url()).searchParams.get('order')).toBe('activity');
    await b.reload();
    await expect.poll(() => feedTitles(b), { timeout: 15_000 }).toEqual([edited, later]);
    expect(await b.getByRole('button', { name: 'Latest activity' }).getAttribute('aria-pressed')).toBe('true');
    await bramCard.getByRole('button', { name: `2 comments on ${edited}` }).click();
    const bramThread = b.getByRole('region', { name: `Comments on ${edited}` });
    await expect.poll(() => bramThread.getByRole('article', { name: 'Reply by Nina Poster' }).count(), { timeout: 15_000 }).toBe(1);
    const theirs = bramThread.getByRole('article', { name: 'Comment by Bram Connector' });
    const celebrated = reaction(theirs.getByRole('group', { name: 'Reactions to the comment by Bram Connector' }), 'Celebrate');
    expect(await celebrated.getAttribute('aria-label')).toBe('Celebrate (1)');
    expect(await celebrated.getAttribute('aria-pressed')).toBe('false');
    // comments read oldest first: his comment, then her reply
    const order = await bramThread.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(order).toEqual(['Comment by Bram Connector', 'Reply by Nina Poster']);
    await accessibleWhenSettled(b, 'latest activity');
    await screenshots(b, 'latest-activity');

    // Nina deletes her reply, after confirming it (her thread is still open, under the post's new title)
    const ninaReply = n.getByRole('region', { name: `Comments on ${edited}` }).getByRole('article', { name: 'Reply by Nina Poster' });
    await ninaReply.getByRole('button', { name: 'Delete the reply by Nina Poster' }).click();
    const confirm = n.getByRole('alertdialog', { name: 'Delete this reply?' });
    await expect.poll(() => confirm.count()).toBe(1);
    await expectAccessible(n, 'delete reply confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await ninaReply.count()).toBe(1);
    await ninaReply.getByRole('button', { name: 'Delete the reply by Nina Poster' }).click();
    await confirm.getByRole('button', { name: 'Delete Reply' }).click();
    await expectToast(n, 'Reply deleted');
    await expect.poll(() => ninaReply.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => editedCard.getByRole('button', { name: `1 comment on ${edited}` }).count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(n, 'after deleting a reply');

    // a notification's link to the post (?post=<id>) opens it alone, its conversation open and the focus on its
    // title; "Back to the feed" keeps the feed's order
    const postId = (await editedCard.getAttribute('aria-labelledby'))!.replace(/^post-(.*)-title$/, '$1');
    await b.goto(`${server.baseUrl}/community?order=activity&post=${postId}`);
    const linked = card(b, edited);
    const linkedThread = b.getByRole('region', { name: `Comments on ${edited}` });
    await expect.poll(() => linkedThread.getByRole('article', { name: 'Comment by Bram Connector' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await linkedThread.getByText('A short note after a referral, then a call.').count()).toBe(1);
    expect(await feedTitles(b)).toEqual([edited]);
    expect(await linked.getByRole('button', { name: `1 comment on ${edited}` }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => b.evaluate(() => document.activeElement?.tagName + ':' + document.activeElement?.textContent)).toBe(`H3:${edited}`);
    await accessibleWhenSettled(b, 'one post from a link');
    const back = b.getByRole('link', { name: 'Back to the feed' });
    await back.focus();
    await back.press('Enter');
    await expect.poll(() => feedTitles(b), { timeout: 15_000 }).toEqual([edited, later]);
    expect(new URL(b.url()).searchParams.get('post')).toBeNull();
    expect(new URL(b.url()).searchParams.get('order')).toBe('activity');

    expect(ninaProblems).toEqual([]);
    expect(bramProblems).toEqual([]);

    // a link to a post that is no longer there says so, with the same way back
    const gone = await bramBrowser.newPage();
    const goneProblems = watchPage(gone);
    await gone.goto(`${server.baseUrl}/community?post=00000000-0000-4000-8000-000000000000`);
    await expect.poll(() => gone.getByText('This post is no longer available').count(), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(gone, 'a post no longer available');
    await gone.getByRole('link', { name: 'Back to the feed' }).click();
    await expect.poll(() => feedTitles(gone), { timeout: 15_000 }).toEqual([later, edited]);
    expect(new URL(gone.url()).searchParams.get('post')).toBeNull();
    // the browser logs the post's 404 answer itself; nothing else may fail
    expect(goneProblems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});
