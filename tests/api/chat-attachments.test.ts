import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ATTACHMENT_ERRORS, CHAT_ATTACHMENT_LIMITS } from '../../common/constants/chat-attachments.ts';
import { chatChannelSchema, chatMessagePageSchema, chatMessageSchema } from '../../common/schemas/chat.ts';
import { chatData } from '../../server/features/chat/data.ts';
import { chatMessages } from '../../server/db/schema/index.ts';
import { cleanFileName } from '../../server/services/chat-attachments.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import { requestDeletion } from '../../server/services/account-deletion.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, reloadUser, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/**
 * A chat message with a file: an image (checked by its bytes, re-encoded without its metadata) or a PDF (checked
 * by its bytes, without active content), up to 10 MB, served only to the channel's members with its real type, a
 * sandbox and no sniffing; removed with the message and with its author's account.
 */

let ctx: TestContext;

async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}
type Member = Awaited<ReturnType<typeof member>>;

interface Upload {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body as a browser's FormData sends it: the text fields, then the `file` if any. */
function multipart(fields: Record<string, string>, file?: Upload, field = 'file') {
  const boundary = `----cpform${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const tick = (ms = 1000) => ctx.clock.advance(ms);
const channel = (who: Member, o: Record<string, unknown> = {}) =>
  who.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Deal room', isPrivate: true, ...o } });
function send(who: Member, channelId: string, fields: Record<string, string>, file?: Upload, field?: string) {
  tick();
  return who.api.post(`/api/chat/channels/${channelId}/messages`, multipart(fields, file, field));
}
const storedFiles = async () => (await readdir(ctx.config.uploadDir).catch(() => [] as string[])).length;
const row = async (id: string) => (await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];

/** A photograph as a phone takes it: JPEG with camera, owner and GPS EXIF, stored sideways (orientation 6). */
const exifJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 110, b: 190 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'LeakyCam', Model: 'Spy 3000', Copyright: 'SecretOwner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
const pdf = (text = 'Term sheet') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

let owner: Member;
let colleague: Member;
let outsider: Member;
let room: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await member({ firstName: 'Ada' });
  colleague = await member({ firstName: 'Cal' });
  outsider = await member({ firstName: 'Otto' });
  const c = await channel(owner);
  room = c.id;
  await owner.api.post(`/api/chat/channels/${room}/invite`, { body: { userId: colleague.user.id } });
});
afterAll(() => ctx.close());

describe('POST /api/chat/channels/:id/messages with a file', () => {
  it('stores a photograph re-encoded, upright and without EXIF, and serves it inline to members only', async () => {
    const input = await exifJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await send(owner, room, { content: 'The site visit' }, { bytes: input, filename: 'IMG_0042.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const msg = chatMessageSchema.parse(res.json());
    expect(msg.content).toBe('The site visit');
    expect(msg.attachment).toMatchObject({
      url: `/api/chat/messages/${msg.id}/attachment`,
      name: 'IMG_0042.jpg',
      kind: 'image',
      contentType: 'image/jpeg',
      width: 200,
      height: 300,
    });
    expect((await row(msg.id)).attachmentKey).toMatch(/^[0-9a-f-]{36}\.jpg$/);

    const served = await colleague.api.get(msg.attachment!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `inline; filename="IMG_0042.jpg"; filename*=UTF-8''IMG_0042.jpg`,
    });
    expect(served.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 200, 300, undefined]);
    for (const secret of ['SecretOwner', 'LeakyCam', 'Exif']) expect(served.rawPayload.includes(Buffer.from(secret)), secret).toBe(false);
    // the history carries it too
    const history = await colleague.api.getOk(chatMessagePageSchema, `/api/chat/channels/${room}/messages`);
    expect(history.items.find((m) => m.id === msg.id)?.attachment?.kind).toBe('image');

    // not a member of the private channel: it does not exist; signed out: 401
    expectError(await outsider.api.get(msg.attachment!.url), 404, 'not_found');
    expectError(await client(ctx.app).get(msg.attachment!.url), 401, 'unauthorized');
  });

  it('takes a PDF alone (no words), served as a download under its name; a member who leaves can no longer fetch it', async () => {
    const open = await owner.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Open deals', isPrivate: false } });
    await colleague.api.post(`/api/chat/channels/${open.id}/join`);
    const res = await send(colleague, open.id, {}, { bytes: pdf(), filename: 'Term sheet (v2).pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const msg = chatMessageSchema.parse(res.json());
    expect(msg.content).toBe('');
    expect(msg.attachment).toMatchObject({ name: 'Term sheet (v2).pdf', kind: 'pdf', contentType: 'application/pdf', size: pdf().length, width: null });
    const served = await owner.api.get(msg.attachment!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="Term sheet (v2).pdf"; filename*=UTF-8''Term%20sheet%20%28v2%29.pdf`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(pdf())).toBe(true);
    // a public channel: an outsider who has not joined gets nothing, and neither does a member once they leave
    expectError(await outsider.api.get(msg.attachment!.url), 404, 'not_found');
    await owner.api.post(`/api/chat/channels/${open.id}/leave`);
    expectError(await owner.api.get(msg.attachment!.url), 404, 'not_found');
  });

  it('refuses by the bytes, not the name: a text file called .png, an HTML page called .pdf, a PDF with a script; nothing is stored', async () => {
    const before = await storedFiles();
    const cases: [Upload, string][] = [
      [{ bytes: Buffer.from('just some text, not a picture\n'), filename: 'photo.png', type: 'image/png' }, CHAT_ATTACHMENT_ERRORS.badType],
      [{ bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'report.pdf', type: 'application/pdf' }, CHAT_ATTACHMENT_ERRORS.badType],
      [
        {
          bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF'),
          filename: 'a.pdf',
          type: 'application/pdf',
        },
        CHAT_ATTACHMENT_ERRORS.activePdf,
      ],
    ];
    for (const [file, message] of cases) {
      const err = expectError(await send(owner, room, { content: 'see attached' }, file), 415, 'unsupported_media_type');
      expect(err.issues, file.filename).toEqual([{ path: 'file', message }]);
    }
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a file over 10 MB, a PDF or an image, with 413 and says so; nothing is stored', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const err = expectError(await send(owner, room, {}, { bytes: big, filename: 'big.pdf', type: 'application/pdf' }), 413, 'payload_too_large');
    expect(err.message).toBe(CHAT_ATTACHMENT_ERRORS.tooLarge);
    const bigImage = Buffer.concat([await exifJpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const imageErr = expectError(await send(owner, room, {}, { bytes: bigImage, filename: 'big.jpg', type: 'image/jpeg' }), 413, 'payload_too_large');
    expect(imageErr.message).toMatch(/under 10 MB/);
    expect(await storedFiles()).toBe(before);
  });

  it('takes an image of 6 MB, above the 5 MB of other pictures, and stores it re-encoded', async () => {
    const before = await storedFiles();
    const sixMb = Buffer.concat([await exifJpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await send(owner, room, {}, { bytes: sixMb, filename: 'six.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachment).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    expect(res.json().attachment.size).toBeLessThan(1024 * 1024);
    expect(await storedFiles()).toBe(before + 1);
  });

  it('checks who may write before reading the file, and the form itself', async () => {
    const before = await storedFiles();
    const file = { bytes: pdf(), filename: 'a.pdf', type: 'application/pdf' };
    expectError(await send(outsider, room, {}, file), 404, 'not_found');
    expectError(await client(ctx.app).post(`/api/chat/channels/${room}/messages`, multipart({}, file)), 401, 'unauthorized');
    expect(expectError(await send(owner, room, {}), 400, 'validation_failed').message).toBe(CHAT_ATTACHMENT_ERRORS.nothing);
    expectError(await send(owner, room, {}, file, 'image'), 400, 'bad_request');
    expectError(await send(owner, room, { content: 'x', senderId: owner.user.id }, file), 400, 'validation_failed');
    expect(await storedFiles()).toBe(before);
    // words alone as a form are a message like any other
    const res = await send(owner, room, { content: 'Words only' });
    expect(chatMessageSchema.parse(res.json())).toMatchObject({ content: 'Words only', attachment: null });
  });

  it('deleting the message removes its file; the message no longer offers it', async () => {
    const res = await send(owner, room, { content: 'oops' }, { bytes: pdf('wrong'), filename: 'wrong.pdf', type: 'application/pdf' });
    const msg = chatMessageSchema.parse(res.json());
    const before = await storedFiles();
    const deleted = await owner.api.deleteOk(chatMessageSchema, `/api/chat/messages/${msg.id}`);
    expect(deleted.attachment).toBeNull();
    expect(await storedFiles()).toBe(before - 1);
    expect((await row(msg.id)).attachmentKey).toBeNull();
    expectError(await colleague.api.get(msg.attachment!.url), 404, 'not_found');
  });

  it('takes 30 files a member an hour, then 429 with Retry-After before the next file is checked or stored', async () => {
    const busy = await member({ firstName: 'Busy' });
    const c = await channel(busy);
    for (let i = 0; i < CHAT_ATTACHMENT_LIMITS.uploadsPerWindow; i++) {
      tick(2000);
      const res = await send(busy, c.id, {}, { bytes: pdf(`page ${i}`), filename: `p${i}.pdf`, type: 'application/pdf' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await storedFiles();
    const refused = await send(busy, c.id, {}, { bytes: pdf('one more'), filename: 'more.pdf', type: 'application/pdf' });
    expect(expectError(refused, 429, 'rate_limited').message).toBe(CHAT_ATTACHMENT_ERRORS.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedFiles()).toBe(before);
    // words alone are still sent
    expect((await send(busy, c.id, { content: 'No file this time' })).statusCode).toBe(201);
  });

  it('keeps the member’s name for a file without its path, quotes or control characters', () => {
    expect(cleanFileName('C:\\Users\\ada\\Term "final"\u0007.pdf', 'pdf')).toBe('Term final.pdf');
    expect(cleanFileName('  ', 'pdf')).toBe('document.pdf');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`, 'pdf')).toBe(`${'x'.repeat(196)}.pdf`);
    // the name always ends as what is stored: a PDF named to run as a program downloads as a PDF
    expect(cleanFileName('invoice.bat', 'pdf')).toBe('invoice.bat.pdf');
    expect(cleanFileName('invoice.HTA', 'pdf')).toBe('invoice.HTA.pdf');
    expect(cleanFileName('Scan.PDF', 'pdf')).toBe('Scan.PDF');
    expect(cleanFileName('holiday.jpeg', 'jpg')).toBe('holiday.jpeg');
    expect(cleanFileName('diagram.png', 'webp')).toBe('diagram.png.webp');
    expect(cleanFileName('.pdf', 'pdf')).toBe('document.pdf');
    expect(cleanFileName(`${'y'.repeat(300)}.exe`, 'pdf')).toBe(`${'y'.repeat(196)}.pdf`);
  });

  it('lists the member’s attachments in their export, and erasure removes their stored files', async () => {
    const author = await member();
    const c = await channel(author);
    const res = await send(author, c.id, { content: 'deck' }, { bytes: pdf('deck'), filename: 'deck.pdf', type: 'application/pdf' });
    const msg = chatMessageSchema.parse(res.json());
    const section = chatData.sections[0];
    const exported: unknown[] = [];
    if ('pages' in section) for await (const page of section.pages(ctx.db, author.user.id)) exported.push(...page);
    expect(exported).toEqual([expect.objectContaining({ content: 'deck', attachment: { name: 'deck.pdf', contentType: 'application/pdf', size: pdf('deck').length } })]);

    // the account is erased as an administrator confirms the member's request: the stored file goes with it
    const key = (await row(msg.id)).attachmentKey!;
    expect(await readdir(ctx.config.uploadDir)).toContain(key);
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const request = await requestDeletion(ctx.db, await reloadUser(ctx.db, author.user.id), { confirm: 'DELETE' }, ctx.clock.now());
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request.id}/confirm`, { body: {} });
    expect(await readdir(ctx.config.uploadDir)).not.toContain(key);
    expect(await row(msg.id)).toMatchObject({ attachmentKey: null, attachmentName: null, isDeleted: true, content: '' });
  });
});
