import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import { dataExportListSchema, type DataExport } from '../../common/schemas/account.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from './app.ts';
import { confirmIdentity } from './reauth.ts';

const DAY = 86_400_000;

/** A test app whose sessions last 30 days (the tests move the clock by a day or more), at a public address links name. */
export const privacyTestApp = () => createTestApp({ config: { publicUrl: 'https://members.example', session: { idleMs: 30 * DAY, absoluteMs: 30 * DAY, cacheMs: 0 } } });

/** A member signed in who has just confirmed their identity, as the export and the deletion request need. */
export async function confirmedSignIn(...args: Parameters<typeof makeSignedIn>): Promise<SignedIn> {
  const who = await makeSignedIn(...args);
  await confirmIdentity(args[0].app, who.cookie, who.user.plainPassword);
  return who;
}

/** The member's e-mail whose subject matches, once the notification's own e-mail has gone out (after the act, on the live bus). */
export async function mailTo(ctx: TestContext, email: string, subject: RegExp) {
  const find = () => ctx.mailer.sent.find((m) => m.to === email && subject.test(m.subject));
  await vi.waitFor(() => expect(find()).toBeDefined(), { timeout: 5_000, interval: 25 });
  return find()!;
}

export const crossSite = { 'sec-fetch-site': 'cross-site' };

/** A multipart/form-data body with one file in the named field, as a browser sends it. */
export function multipart(field: string, bytes: Buffer, filename: string, type: string) {
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 20, g: 110, b: 190 } } })
    .png()
    .toBuffer();

export const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% my own CV\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The export once the background job has settled it (no longer pending), as its owner's list answers it. */
export async function settled(who: SignedIn, id: string): Promise<DataExport> {
  return vi.waitFor(
    async () => {
      const found = (await who.api.getOk(dataExportListSchema, '/api/data-exports')).items.find((e) => e.id === id);
      if (!found || found.status === 'pending') throw new Error('the export is still being prepared');
      return found;
    },
    { timeout: 10_000, interval: 20 },
  );
}
