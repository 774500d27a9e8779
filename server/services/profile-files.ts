import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { CV_ERRORS, PROFILE_LIMITS, type PictureSize } from '../../common/schemas/profile.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { checkCv, CV_FORMATS, type CvRefusal, type CvType } from '../lib/documents.ts';
import { processAvatar } from '../lib/images.ts';
import { forgetUser, type UserRow } from '../plugins/session.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { visibleMember } from '../policies/member-visibility.ts';
import { canReadCv } from '../policies/users.ts';
import type { Actor } from '../policies/roles.ts';
import { listedMember } from './members.ts';
import { admitAttempt } from './rate-limit.ts';

/** How often a member may upload a picture or a CV (together): 20 times an hour, counted in the database like every other attempt limit. */
export const UPLOAD_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
export const UPLOAD_LIMIT_MESSAGE = 'You are uploading too often. Please wait a while before uploading again.';

/** Counts an upload before its body is read: a refused member's file is never read or decoded. */
export async function admitUpload(db: Db, userId: string, now: Date): Promise<void> {
  const admission = await admitAttempt(db, [{ key: `profile-upload:${userId}`, ...UPLOAD_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', UPLOAD_LIMIT_MESSAGE, { headers: { 'Retry-After': String(admission.retryAfter) } });
}

export interface ProfileFileDeps {
  db: Db;
  storage: FileStorage;
}

/**
 * A profile picture is stored as one square WebP per size, all under one generated id (`<id>.w64`, `<id>.w256`,
 * `<id>.w512`). `users.profile_picture` holds the address it is served from, versioned by that id, so a browser
 * may keep it for good and a new picture gets a new address. Only that address ever leaves the server; the route
 * that serves it reads the id from the user's row, never from the request.
 */
export const pictureUrl = (userId: string, id: string, size: PictureSize = 256) => `/api/users/${userId}/picture?size=${size}&v=${id}`;
const pictureKey = (id: string, size: number) => `${id}.w${size}`;

/** A CV is stored under a generated key (`<id>.pdf|doc|docx`); `users.cv_url` is its address, versioned by that id. */
export const cvUrl = (userId: string, id: string) => `/api/users/${userId}/cv?v=${id}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The stored id in a row's address, if that address is one this server made for this user (else null: nothing of ours to serve or remove). */
function storedId(userId: string, value: string | null, kind: 'picture' | 'cv'): string | null {
  if (!value) return null;
  const prefix = `/api/users/${userId}/${kind}?`;
  if (!value.startsWith(prefix)) return null;
  const v = new URLSearchParams(value.slice(prefix.length)).get('v');
  return v && new RegExp(`^${UUID}$`).test(v) ? v : null;
}

const pictureKeys = (id: string) => PROFILE_LIMITS.pictureSizes.map((size) => pictureKey(id, size));
const cvKeys = (id: string) => Object.values(CV_FORMATS).map((f) => `${id}.${f.extension}`);

/**
 * The stored files behind a member's picture and CV addresses: the picture's largest size, the CV's possible
 * keys (one per format; only one exists), and every key of both, for a data export or an erasure.
 */
export function storedProfileFiles(user: { id: string; profilePicture: string | null; cvUrl: string | null }) {
  const pictureId = storedId(user.id, user.profilePicture, 'picture');
  const cvId = storedId(user.id, user.cvUrl, 'cv');
  return {
    pictureKey: pictureId ? pictureKey(pictureId, Math.max(...PROFILE_LIMITS.pictureSizes)) : null,
    cvKeys: cvId ? cvKeys(cvId) : [],
    allKeys: [...(pictureId ? pictureKeys(pictureId) : []), ...(cvId ? cvKeys(cvId) : [])],
  };
}

async function removeAll(storage: FileStorage, keys: string[]) {
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}

/**
 * Points the user's row at newly stored files and removes the files it pointed at before. The row is locked
 * while it changes, so two uploads at once each remove exactly the files they replaced; if the update fails the
 * new files are removed instead.
 */
async function swapFile(
  deps: ProfileFileDeps,
  userId: string,
  column: 'profilePicture' | 'cvUrl',
  value: string,
  newKeys: string[],
  oldKeysOf: (old: string | null) => string[],
) {
  let previous: string | null = null;
  let updated: UserRow | undefined;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ value: users[column] }).from(users).where(eq(users.id, userId)).for('update');
      previous = row?.value ?? null;
      const [u] = await tx
        .update(users)
        .set({ [column]: value })
        .where(eq(users.id, userId))
        .returning();
      return u;
    });
  } catch (err) {
    await removeAll(deps.storage, newKeys);
    throw err;
  }
  if (!updated) {
    await removeAll(deps.storage, newKeys);
    throw new AppError('not_found', 'Account not found.');
  }
  forgetUser(deps.db, userId);
  await removeAll(deps.storage, oldKeysOf(previous));
  return updated;
}

/** Checks and re-encodes a new profile picture (processAvatar), stores its sizes, and puts it on the profile. */
export async function setProfilePicture(deps: ProfileFileDeps, user: UserRow, bytes: Buffer): Promise<UserRow> {
  const sizes = await processAvatar(bytes, PROFILE_LIMITS.pictureSizes);
  const id = randomUUID();
  const keys: string[] = [];
  try {
    for (const [size, data] of sizes) keys.push(await deps.storage.put(data, `w${size}`, id));
  } catch (err) {
    await removeAll(deps.storage, keys);
    throw err;
  }
  return swapFile(deps, user.id, 'profilePicture', pictureUrl(user.id, id), keys, (old) => {
    const oldId = storedId(user.id, old, 'picture');
    return oldId ? pictureKeys(oldId) : [];
  });
}

/**
 * A member's picture at one size, and whether `version` names the current one (then it may be cached for good). Only
 * for a viewer who may see the member (server/policies/member-visibility.ts; their own always): for anyone else it
 * does not exist.
 */
export async function getProfilePicture(
  deps: ProfileFileDeps,
  viewer: Pick<Actor, 'id' | 'role'>,
  userId: string,
  size: PictureSize,
  version: string | undefined,
): Promise<{ stream: Readable; size: number; current: boolean }> {
  const [row] = await deps.db
    .select({ value: users.profilePicture })
    .from(users)
    .where(and(eq(users.id, userId), visibleMember(viewer, users.id, listedMember)))
    .limit(1);
  const id = storedId(userId, row?.value ?? null, 'picture');
  const file = id ? await deps.storage.get(pictureKey(id, size)) : null;
  if (!id || !file) throw new AppError('not_found', 'Picture not found.');
  return { ...file, current: version === id };
}

export const cvTooLarge = () => new AppError('payload_too_large', CV_ERRORS.tooLarge.title, { issues: [{ path: 'cv', message: CV_ERRORS.tooLarge.description }] });

/** What a member reads when their CV is refused, by the reason. */
const CV_REFUSALS: Record<CvRefusal, { title: string; description: string }> = {
  type: CV_ERRORS.badType,
  doc: CV_ERRORS.oldWord,
  macros: CV_ERRORS.macros,
  active_content: CV_ERRORS.activePdf,
  unreadable: CV_ERRORS.uncheckedPdf,
};

/**
 * Checks a CV by its bytes (a PDF without active content, or a .docx without macros), stores it as sent under a
 * generated key, and puts it on the profile.
 */
export async function setCv(deps: ProfileFileDeps, user: UserRow, bytes: Buffer): Promise<UserRow> {
  if (bytes.length > PROFILE_LIMITS.cvBytes) throw cvTooLarge();
  const checked = checkCv(bytes);
  if ('refused' in checked) {
    const why = CV_REFUSALS[checked.refused];
    throw new AppError('unsupported_media_type', why.title, { issues: [{ path: 'cv', message: why.description }] });
  }
  const type = checked.type;
  const id = randomUUID();
  const key = await deps.storage.put(bytes, CV_FORMATS[type].extension, id);
  return swapFile(deps, user.id, 'cvUrl', cvUrl(user.id, id), [key], (old) => {
    const oldId = storedId(user.id, old, 'cv');
    return oldId ? cvKeys(oldId) : [];
  });
}

/** A member's CV for a reader the policy allows (canReadCv); for anyone else it does not exist. */
export async function getCv(deps: ProfileFileDeps, actor: Actor, ownerId: string): Promise<{ stream: Readable; size: number; type: CvType }> {
  const notFound = () => new AppError('not_found', 'CV not found.');
  if (!(await canReadCv(deps.db, actor, { id: ownerId }))) throw notFound();
  const [row] = await deps.db.select({ value: users.cvUrl }).from(users).where(eq(users.id, ownerId)).limit(1);
  const id = storedId(ownerId, row?.value ?? null, 'cv');
  if (!id) throw notFound();
  for (const type of Object.keys(CV_FORMATS) as CvType[]) {
    const file = await deps.storage.get(`${id}.${CV_FORMATS[type].extension}`);
    if (file) return { ...file, type };
  }
  throw notFound();
}
