import type { Readable } from 'node:stream';
import { and, eq, isNotNull } from 'drizzle-orm';
import { CHAT_ATTACHMENT_ERRORS as E, CHAT_ATTACHMENT_LIMITS, type ChatAttachmentType } from '../../common/constants/chat-attachments.ts';
import { AppError } from '../../common/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import { chatMessages } from '../db/schema/index.ts';
import { pdfActiveContent } from '../lib/documents.ts';
import { processImage } from '../lib/images.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { channelReaderSql } from '../policies/chat.ts';
import type { Actor } from '../policies/roles.ts';
import { loadChannel } from './chat.ts';
import { admitAttempt } from './rate-limit.ts';

/**
 * Files attached to chat messages (docs/decisions/0040-chat-search-and-attachments.md): one image or PDF a
 * message, judged by its bytes alone. An image is decoded and written afresh (server/lib/images.ts: upright, no
 * metadata, fitted inside 1600 px); a PDF is kept as sent once it is found to carry no active content. The file is
 * stored under a generated key before the message is written, and removed again if the message is not; it is
 * served only to the members of the message's channel, and removed when the message is deleted or its author's
 * account is erased.
 */

export interface FileStore {
  db: Db;
  storage: FileStorage;
}

/** A checked, stored file as its message records it. */
export interface StoredAttachment {
  key: string;
  name: string;
  contentType: ChatAttachmentType;
  size: number;
  width: number | null;
  height: number | null;
}

/** The message's columns for its attachment (all null without one). */
export const attachmentColumns = (a: StoredAttachment | null | undefined) => ({
  attachmentKey: a?.key ?? null,
  attachmentName: a?.name ?? null,
  attachmentType: a?.contentType ?? null,
  attachmentSize: a?.size ?? null,
  attachmentWidth: a?.width ?? null,
  attachmentHeight: a?.height ?? null,
});

/** A file as it arrived: its bytes and the name the member's device gave it. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

const refuse = (code: 'unsupported_media_type' | 'payload_too_large', message: string) => new AppError(code, message, { issues: [{ path: 'file', message }] });
export const attachmentTooLarge = () => refuse('payload_too_large', E.tooLarge);

const PDF = Buffer.from('%PDF-', 'latin1');

/**
 * The member's name for the file as shown beside it and downloaded under: its last path part, control characters
 * and quotes dropped, ending in the stored file's `extension` (added when the member's name ends otherwise), at most
 * CHAT_ATTACHMENT_LIMITS.name characters (keeping the extension), "document.pdf" or "image.<ext>" when nothing is left.
 */
export function cleanFileName(raw: string, extension: string): string {
  const fallback = `${extension === 'pdf' ? 'document' : 'image'}.${extension}`;
  let base = (raw.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
    .replace(/[\u0000-\u001f\u007f-\u009f"]/g, '')
    .trim();
  // the name ends in the extension of what is stored, whatever the member called it: a PDF sent as "invoice.bat"
  // downloads as "invoice.bat.pdf", never as something the recipient's computer would run
  const suffix = `.${extension}`;
  if (!base.toLowerCase().endsWith(suffix) && !(extension === 'jpg' && /\.jpe?g$/i.test(base))) base = base ? `${base}${suffix}` : '';
  if (!base || base === suffix) return fallback;
  const max = CHAT_ATTACHMENT_LIMITS.name;
  if (base.length <= max) return base;
  const dot = base.lastIndexOf('.');
  const ext = base.slice(dot);
  return base.slice(0, max - ext.length) + ext;
}

/** Checks a file by its bytes and makes what is stored: an image re-encoded, or a PDF without active content as sent. */
export async function checkAttachment(
  file: UploadedFile,
): Promise<{ bytes: Buffer; extension: string; contentType: ChatAttachmentType; width: number | null; height: number | null; name: string }> {
  if (file.bytes.length > CHAT_ATTACHMENT_LIMITS.bytes) throw attachmentTooLarge();
  if (file.bytes.length === 0) throw new AppError('validation_failed', E.empty, { issues: [{ path: 'file', message: E.empty }] });
  if (file.bytes.subarray(0, PDF.length).equals(PDF)) {
    const active = pdfActiveContent(file.bytes);
    if (active === 'active_content') throw refuse('unsupported_media_type', E.activePdf);
    if (active === 'unreadable') throw refuse('unsupported_media_type', E.uncheckedPdf);
    return { bytes: file.bytes, extension: 'pdf', contentType: 'application/pdf', width: null, height: null, name: cleanFileName(file.filename, 'pdf') };
  }
  if (file.bytes.length > CHAT_ATTACHMENT_LIMITS.imageBytes) throw refuse('payload_too_large', E.imageTooLarge);
  try {
    const image = await processImage(file.bytes, { maxBytes: CHAT_ATTACHMENT_LIMITS.imageBytes });
    const name = cleanFileName(file.filename, image.extension);
    return { bytes: image.bytes, extension: image.extension, contentType: image.contentType as ChatAttachmentType, width: image.width, height: image.height, name };
  } catch (err) {
    // the image library's refusals, said in chat's words and put on the `file` field
    if (err instanceof AppError && err.code === 'payload_too_large') throw refuse('payload_too_large', E.imageTooLarge);
    if (err instanceof AppError && err.message.includes('too many pixels')) throw refuse('unsupported_media_type', err.message);
    if (err instanceof AppError) throw refuse('unsupported_media_type', E.badType);
    throw err;
  }
}

/**
 * A member writes in a channel with a file: they must be able to write there, and be within their files an hour,
 * before the file is decoded;
 * the checked file is stored, then `write` writes the message with it (chat-messages.ts `postMessage`: limits,
 * reply, live announcement); if that fails, the stored file is removed again.
 */
export async function postWithAttachment<T>(
  deps: FileStore,
  actor: Pick<Actor, 'id'>,
  channelId: string,
  file: UploadedFile,
  write: (attachment: StoredAttachment) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  await loadChannel(deps.db, actor, channelId, 'post');
  // files are counted apart from messages, before any is decoded or stored: checking one costs far more than words
  const { uploadsPerWindow: max, uploadWindowMs: windowMs } = CHAT_ATTACHMENT_LIMITS;
  const admission = await admitAttempt(deps.db, [{ key: `chat-file:${actor.id}`, max, windowMs }], now);
  if (!admission.admitted) throw new AppError('rate_limited', E.tooMany, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const checked = await checkAttachment(file);
  const key = await deps.storage.put(checked.bytes, checked.extension);
  try {
    return await write({ key, name: checked.name, contentType: checked.contentType, size: checked.bytes.length, width: checked.width, height: checked.height });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
}

/** A message's attached file for a member of its channel; for anyone else, and once the message is deleted, it does not exist. */
export async function getAttachment(
  deps: FileStore,
  actor: Pick<Actor, 'id'>,
  messageId: string,
): Promise<{ stream: Readable; size: number; contentType: ChatAttachmentType; name: string }> {
  const notFound = () => new AppError('not_found', 'File not found.');
  const [row] = await deps.db
    .select({ key: chatMessages.attachmentKey, type: chatMessages.attachmentType, name: chatMessages.attachmentName })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.id, messageId), channelReaderSql(chatMessages.channelId, actor.id), eq(chatMessages.isDeleted, false), isNotNull(chatMessages.attachmentKey)),
    );
  if (!row?.key || !row.type) throw notFound();
  const file = await deps.storage.get(row.key);
  if (!file) throw notFound();
  return { ...file, contentType: row.type as ChatAttachmentType, name: row.name ?? 'file' };
}

/**
 * After a message is deleted (chat-messages.ts `deleteMessage`): its attachment is taken off it and the stored file
 * removed. Were the process to stop in between, the deleted message still serves nothing (getAttachment).
 */
export async function dropDeletedAttachment(deps: FileStore, messageId: string): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: chatMessages.attachmentKey })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.isDeleted, true), isNotNull(chatMessages.attachmentKey)))
      .for('update');
    if (!row?.key) return null;
    await tx.update(chatMessages).set(attachmentColumns(null)).where(eq(chatMessages.id, messageId));
    return row.key;
  });
  if (key) await deps.storage.remove(key);
}

/**
 * For erasure, inside its transaction: the attachments of the member's messages are taken off them; answers the
 * stored keys, removed once the erasure has committed.
 */
export async function detachMemberAttachments(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: chatMessages.attachmentKey })
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, userId), isNotNull(chatMessages.attachmentKey)));
  if (!rows.length) return [];
  await tx
    .update(chatMessages)
    .set(attachmentColumns(null))
    .where(and(eq(chatMessages.senderId, userId), isNotNull(chatMessages.attachmentKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}
