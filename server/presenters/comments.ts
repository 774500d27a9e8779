import type { Comment, CommentThread, ReactionSummary } from '../../common/schemas/conversations.ts';
import { commentAbilities } from '../policies/comments.ts';
import { seesContent } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from './wire.ts';

/** A comment as read with its author's name and picture. */
export interface CommentRow {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
  authorName: string;
  authorPicture: string | null;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  hiddenAt: Date | null;
}

/**
 * A comment on the wire: a deleted one keeps its place but neither its words nor its author; so does a hidden one
 * for a viewer who may not see it (shown only because replies they can see hang under it).
 */
export function presentComment(actor: Actor, r: CommentRow, reactions: ReactionSummary[]): Comment {
  const deleted = r.deletedAt !== null;
  const blank = deleted || !seesContent(actor, r);
  return {
    id: r.id,
    postId: r.postId,
    parentId: r.parentId,
    author: blank ? null : { id: r.authorId, name: r.authorName, picture: r.authorPicture },
    content: blank ? '' : r.content,
    deleted,
    hidden: r.hiddenAt !== null,
    createdAt: iso(r.createdAt),
    editedAt: blank ? null : iso(r.editedAt),
    reactions: blank ? [] : reactions,
    can: commentAbilities(actor, r),
  };
}

/** Top-level comments with their replies, in the order given (oldest first). */
export function presentThreads(actor: Actor, top: CommentRow[], replies: CommentRow[], reactions: Map<string, ReactionSummary[]>): CommentThread[] {
  const byParent = new Map<string, CommentRow[]>();
  for (const r of replies) byParent.set(r.parentId!, [...(byParent.get(r.parentId!) ?? []), r]);
  return top.map((t) => ({
    ...presentComment(actor, t, reactions.get(t.id) ?? []),
    replies: (byParent.get(t.id) ?? []).map((r) => presentComment(actor, r, reactions.get(r.id) ?? [])),
  }));
}
