import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { LeadCommentCreate, LeadCommentPage } from '../../common/schemas/lead-comments.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { leadComments, leads, users } from '../db/schema/index.ts';
import { keysetColumns, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import { authorize } from '../policies/authorize.ts';
import {
  leadAbilities,
  leadAdministratorsSql,
  leadCommentAudienceSql,
  leadCommentPermission,
  leadPermission,
  leadScope,
  readableLeadCommentsSql,
} from '../policies/leads.ts';
import type { Actor } from '../policies/roles.ts';
import { presentLeadComment, type LeadCommentRow } from '../presenters/lead.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMentioned, resolveMentions } from './mentions.ts';
import { notifyMember } from './notify.ts';
import { admitAttempt } from './rate-limit.ts';

/** How often a member may write in lead discussions: 60 messages an hour. */
export const LEAD_COMMENTING_LIMIT = { max: 60, windowMs: 3_600_000 } as const;
export const LEAD_COMMENTING_LIMIT_MESSAGE = 'You are writing too often. Please wait a while before writing again.';

/** The most administrators told of a partner's message on a lead nobody owns. */
const UNOWNED_NOTIFY_MAX = 50;

const columns = {
  id: leadComments.id,
  leadId: leadComments.leadId,
  authorId: leadComments.authorId,
  authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  authorPicture: users.profilePicture,
  authorRole: users.role,
  content: leadComments.content,
  internal: leadComments.internal,
  createdAt: leadComments.createdAt,
  editedAt: leadComments.editedAt,
};

/** A lead's discussion runs oldest first; `lead_comments_lead_created_id_idx` holds this order for each lead. */
const THREAD_ORDER: KeyOrder = [{ expr: leadComments.createdAt }, { expr: leadComments.id }];

/** The messages of a lead the viewer may read (the lead policy's rule). */
function shownTo(actor: Actor, leadId: string) {
  return and(eq(leadComments.leadId, leadId), readableLeadCommentsSql(actor));
}

/**
 * The lead as its discussion needs it, within the actor's scope (404 outside it); `lock` holds it (FOR SHARE) to the
 * end of the caller's transaction, so an assignment in flight is waited for and its new owner is the one told.
 */
async function visibleLead(db: Db | Tx, actor: Actor, leadId: string, lock = false) {
  const lead = await leadInScope(db, actor, leadId, lock);
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  return lead;
}

/** The lead as its discussion needs it when the actor sees it, else undefined. */
async function leadInScope(db: Db | Tx, actor: Actor, leadId: string, lock = false) {
  const query = db
    .select({ id: leads.id, submitterId: leads.submitterId, status: leads.status, companyName: leads.companyName, assignedTo: leads.assignedTo })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadScope(actor)));
  const [lead] = lock ? await query.for('share') : await query;
  return lead;
}
type DiscussedLead = NonNullable<Awaited<ReturnType<typeof leadInScope>>>;

/**
 * One page of a lead's discussion, oldest first (the newest message last), paged by cursor, with what the viewer
 * may do in it. A partner reads only their own leads' discussions and never an internal note.
 */
export async function listLeadComments(db: Db, actor: Actor, leadId: string, q: PageQuery): Promise<LeadCommentPage> {
  const lead = await visibleLead(db, actor, leadId);
  const where = shownTo(actor, leadId);
  const read = (plan: KeysetPlan) =>
    db
      .select({ ...columns, ...keysetColumns(THREAD_ORDER) })
      .from(leadComments)
      .leftJoin(users, eq(users.id, leadComments.authorId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  const [page, [{ n }]] = await Promise.all([readKeysetPage(THREAD_ORDER, q, read), db.select({ n: count() }).from(leadComments).where(where)]);
  const can = leadAbilities(actor, lead);
  const { rows, ...position } = page;
  return {
    items: (rows as LeadCommentRow[]).map((r) => presentLeadComment(actor, r)),
    total: n,
    pageSize: q.pageSize,
    ...position,
    can: { comment: can.comment, writeInternal: can.writeInternal },
  };
}

/** A member's message in a lead's discussion (POST /api/leads/{id}/comments); the lead is locked so its owner is read as it stands. */
export async function createLeadComment(db: Db, actor: Actor, leadId: string, data: LeadCommentCreate, now: Date) {
  const admission = await admitAttempt(db, [{ key: `lead-comment:${actor.id}`, ...LEAD_COMMENTING_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', LEAD_COMMENTING_LIMIT_MESSAGE, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const id = await db.transaction(async (tx) => {
    const lead = await visibleLead(tx, actor, leadId, true);
    authorize(leadPermission(actor, 'comment', lead));
    if (data.internal) authorize(leadPermission(actor, 'writeInternal', lead));
    return writeLeadComment(tx, actor, lead, { content: data.content, internal: !!data.internal }, now);
  });
  return readComment(db, actor, id);
}

async function readComment(db: Db, actor: Actor, id: string) {
  const [row] = await db.select(columns).from(leadComments).leftJoin(users, eq(users.id, leadComments.authorId)).where(eq(leadComments.id, id));
  return presentLeadComment(actor, row as LeadCommentRow);
}

/**
 * A message locked for a change by the actor, with its lead, as the lead policy allows: 404 when there is none, it
 * is deleted, on a lead outside the actor's scope, or an internal note the actor may not read; 403 when it is not theirs.
 */
async function ownComment(tx: Tx, actor: Actor, id: string, action: 'edit' | 'delete') {
  const [c] = await tx.select().from(leadComments).where(eq(leadComments.id, id)).for('update');
  const lead = c ? await leadInScope(tx, actor, c.leadId) : undefined;
  authorize(leadCommentPermission(actor, action, c && { ...c, onSeenLead: !!lead }));
  return { comment: c!, lead: lead! };
}

/** Its author rewrites a message; it is marked edited. Only the members it newly mentions (who may read it) are told. */
export async function editLeadComment(db: Db, actor: Actor, id: string, content: string, now: Date) {
  await db.transaction(async (tx) => {
    const { comment, lead } = await ownComment(tx, actor, id, 'edit');
    // only the members who may read the message are linked and told (the audience)
    const mentions = await resolveMentions(tx, actor, content, {
      audience: leadCommentAudienceSql(lead, comment.internal),
      plainOutsideAudience: true,
      previousText: comment.content,
    });
    await tx.update(leadComments).set({ content: mentions.text, editedAt: now }).where(eq(leadComments.id, id));
    const mentioned = mentions.mentionedIds;
    if (mentioned.length) {
      const about = {
        leadId: lead.id,
        companyName: lead.companyName,
        authorName: await nameOf(tx, actor),
        content: mentions.text,
        internal: comment.internal,
        mentioned: true,
      };
      await notifyMentioned(tx, mentioned, 'lead_comment', about, { entity: { type: 'lead', id: lead.id }, at: now, actorId: actor.id });
    }
  });
  return readComment(db, actor, id);
}

/** Its author deletes a message: it leaves the discussion (kept, marked deleted, for the lead's history). */
export async function deleteLeadComment(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await ownComment(tx, actor, id, 'delete');
    await tx.update(leadComments).set({ deletedAt: now }).where(eq(leadComments.id, id));
  });
}

/**
 * Writes a message in a lead's discussion in the caller's transaction and tells who should know:
 * - a partner's message: the administrator who owns the lead, or, while nobody owns it, every administrator;
 * - an administrator's message that is not internal: the lead's partner (unless `quiet`, when the caller tells them
 *   otherwise, as a status change does);
 * - an internal note: nobody but the administrators it mentions;
 * - the members it mentions who may read it (administrators; the lead's partner too unless it is internal), each once.
 * Nobody is told of their own message. Answers the message's id.
 */
export async function writeLeadComment(
  tx: Tx,
  actor: Actor & { firstName?: string; lastName?: string },
  lead: DiscussedLead,
  message: { content: string; internal: boolean },
  now: Date,
  opts: { quiet?: boolean } = {},
): Promise<string> {
  const mentions = await resolveMentions(tx, actor, message.content, { audience: leadCommentAudienceSql(lead, message.internal), plainOutsideAudience: true });
  const id = randomUUID();
  await tx.insert(leadComments).values({ id, leadId: lead.id, authorId: actor.id, content: mentions.text, internal: message.internal, createdAt: now });
  const authorName = await nameOf(tx, actor);
  const about = { leadId: lead.id, companyName: lead.companyName, authorName, content: mentions.text, internal: message.internal };
  const meta = { entity: { type: 'lead', id: lead.id }, at: now, actorId: actor.id };
  const told = new Set<string>([actor.id]);
  const tell = async (userId: string) => {
    if (told.has(userId)) return;
    told.add(userId);
    await notifyMember(tx, userId, 'lead_comment', about, meta);
  };
  // an administrator writes for the organisation; anyone else who sees the lead is its partner
  const byAdmin = leadAbilities(actor, lead).writeInternal;
  if (!byAdmin) {
    if (lead.assignedTo) await tell(lead.assignedTo);
    else for (const adminId of await activeAdminIds(tx)) await tell(adminId);
  } else if (!message.internal && !opts.quiet) {
    await tell(lead.submitterId);
  }
  // the mentions already hold only the members who may read the message (the audience)
  const mentioned = mentions.mentionedIds.filter((m) => !told.has(m));
  if (mentioned.length) await notifyMentioned(tx, mentioned, 'lead_comment', { ...about, mentioned: true }, meta);
  await recordEvent(
    tx,
    'lead.comment_created',
    { leadId: lead.id, commentId: id, authorId: actor.id, internal: message.internal },
    { entityId: lead.id, actorId: actor.id, at: now },
  );
  return id;
}

async function nameOf(tx: Tx, actor: Actor & { firstName?: string; lastName?: string }): Promise<string> {
  if (actor.firstName !== undefined && actor.lastName !== undefined) return `${actor.firstName} ${actor.lastName}`;
  const [me] = await tx
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, actor.id));
  return me?.name ?? 'A member';
}

/** The active administrators, told of a partner's message on a lead nobody owns. */
async function activeAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(leadAdministratorsSql()).orderBy(users.id).limit(UNOWNED_NOTIFY_MAX);
  return rows.map((r) => r.id);
}
