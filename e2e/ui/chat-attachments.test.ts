import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, settled } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Files and search in chat: Dana attaches a photograph and a PDF in a channel (the PDF with words, the photograph
 * alone, after removing a wrong pick and seeing a file refused); Eli, a member of the channel, sees the picture and
 * downloads the PDF, then finds a message by searching and opens the channel at it.
 */
let server: RunningServer;
let danaBrowser: BrowserContext;
let eliBrowser: BrowserContext;
const dana = { username: 'dana.files', email: 'dana.files@example.com', password: 'Partner-Pass-123', firstName: 'Dana', lastName: 'Sender' };
const eli = { username: 'eli.files', email: 'eli.files@example.com', password: 'Partner-Pass-123', firstName: 'Eli', lastName: 'Finder' };
const shots = join(tmpdir(), 'cp-chat-attachment-screens');
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Heads of terms\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ partners: [dana, eli] });
  [danaBrowser, eliBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([danaBrowser?.close(), eliBrowser?.close()]);
  await server?.stop();
});

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const message = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message / });

const api = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  );

/** Picks a file with the composer's Attach button, as the file chooser would. */
async function attach(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: /^(Attach an image or PDF|Replace the attached file)$/ }).click(),
  ]);
  await chooser.setFiles(file);
}

/** Screenshots at a desktop's and a phone's width. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('chat attachments and search', () => {
  it('a member attaches an image and a PDF; another member sees the image, downloads the PDF and finds a message by search', async () => {
    const d = await danaBrowser.newPage();
    const danaProblems = watchPage(d);
    await signIn(d, server, dana);
    const created = await api(d, 'POST', '/api/chat/channels', { name: 'Deal desk', isPrivate: false });
    expect(created.status).toBe(201);
    const channelId = (created.body as { id: string }).id;

    const e = await eliBrowser.newPage();
    const eliProblems = watchPage(e);
    await signIn(e, server, eli);
    expect((await api(e, 'POST', `/api/chat/channels/${channelId}/join`)).status).toBe(200);

    await d.goto(`${server.baseUrl}/chat/${channelId}`);
    await expect.poll(() => composer(d).count(), { timeout: 15_000 }).toBe(1);

    // a file that is not an image or a PDF is refused before it is sent
    await attach(d, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words') });
    await expect.poll(() => d.getByRole('alert').filter({ hasText: 'Invalid file type' }).count()).toBe(1);

    // the PDF, with words; a wrong pick is removed first
    await attach(d, { name: 'wrong.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
    await d.getByRole('button', { name: 'Remove wrong.pdf' }).click();
    await attach(d, { name: 'Heads of terms.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
    await expect.poll(() => d.getByText('Heads of terms.pdf').count()).toBe(1);
    await fillChecked(composer(d), 'Heads of terms for the Larkspur roadmap');
    await screenshots(d, 'chat-composer-file');
    await composer(d).press('Enter');
    await expect
      .poll(
        () =>
          message(d, 'Larkspur roadmap')
            .getByRole('link', { name: /Heads of terms\.pdf/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);

    // the photograph alone: Send is enabled by the file without words
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 30, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    await attach(d, { name: 'site-visit.png', mimeType: 'image/png', buffer: photo });
    await d.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => log(d).getByRole('img', { name: 'Sent by Dana Sender: site-visit.png' }).count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(d, 'chat with attachments');
    await screenshots(d, 'chat-attachments');

    // Eli sees the picture (loaded) and downloads the PDF
    await e.goto(`${server.baseUrl}/chat/${channelId}`);
    const picture = log(e).getByRole('img', { name: 'Sent by Dana Sender: site-visit.png' });
    await expect.poll(() => picture.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(480);
    const [download] = await Promise.all([
      e.waitForEvent('download'),
      log(e)
        .getByRole('link', { name: /Heads of terms\.pdf/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('Heads of terms.pdf');
    expect(readFileSync((await download.path())!).equals(pdfBytes)).toBe(true);

    // search finds the message and opens the channel at it
    await e.goto(`${server.baseUrl}/chat`);
    await fillChecked(e.getByRole('searchbox', { name: 'Search messages' }), 'larkspur');
    const results = e.getByRole('list', { name: 'Search results' });
    await expect.poll(() => results.getByRole('link').filter({ hasText: 'Larkspur roadmap' }).count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(e, 'chat search results');
    await screenshots(e, 'chat-search');
    await results.getByRole('link').filter({ hasText: 'Larkspur roadmap' }).click();
    await expect.poll(() => e.url(), { timeout: 10_000 }).toContain(`/chat/${channelId}?message=`);
    await expect.poll(() => message(e, 'Larkspur roadmap').count(), { timeout: 10_000 }).toBe(1);
    await fillChecked(e.getByRole('searchbox', { name: 'Search messages' }), 'no such words here');
    await expect.poll(() => e.getByText('No messages found').count(), { timeout: 10_000 }).toBe(1);

    expect(danaProblems).toEqual([]);
    expect(eliProblems).toEqual([]);
  });
});
