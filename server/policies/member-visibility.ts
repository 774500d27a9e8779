import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chatChannelMembers, memberConnections } from '../db/schema/index.ts';
import { isAdmin, type Actor } from './roles.ts';

/**
 * Whose presence (online, away, last seen) and profile picture a member may see: members listed in the directory
 * (the rule of the member profile), members they share an accepted connection or a chat channel with, and
 * themselves. Administrators see every member: they manage every account. Everyone else reads as offline, never
 * seen, with no picture (never "forbidden", which would tell that they exist and hide).
 */
export function seesEveryMember(viewer: Pick<Actor, 'role'>): boolean {
  return isAdmin(viewer);
}

const theirs = alias(chatChannelMembers, 'theirs');

/**
 * The rule for one viewer and one member as SQL, administrators aside: `viewerId` and `targetId` are uuid
 * expressions, `targetListed` says whether the member is listed in the directory (evaluated on their row).
 */
export function sharesWith(viewerId: SQLWrapper, targetId: SQLWrapper, targetListed: SQLWrapper): SQL {
  return sql`(${targetId} = ${viewerId}
    or ${targetListed}
    or exists (select 1 from ${memberConnections} where ${memberConnections.status} = 'accepted'
      and ((${memberConnections.requesterUserId} = ${viewerId} and ${memberConnections.targetUserId} = ${targetId})
        or (${memberConnections.targetUserId} = ${viewerId} and ${memberConnections.requesterUserId} = ${targetId})))
    or exists (select 1 from ${chatChannelMembers} inner join ${chatChannelMembers} as "theirs" on ${theirs.channelId} = ${chatChannelMembers.channelId}
      where ${chatChannelMembers.userId} = ${viewerId} and ${theirs.userId} = ${targetId}))`;
}

/** Whether the member (their id and whether they are listed, on their row) is visible to this viewer, as SQL. */
export function visibleMember(viewer: Pick<Actor, 'id' | 'role'>, targetId: SQLWrapper, targetListed: SQLWrapper): SQL {
  if (seesEveryMember(viewer)) return sql`true`;
  return sharesWith(sql`${viewer.id}::uuid`, targetId, targetListed);
}
