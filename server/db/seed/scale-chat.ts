import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { BENCH_PARTNER, member, memberNo, n, run, uid, type ScaleSize } from './scale-sql.ts';

const GROUP_SIZE = 20;
const MESSAGES_PER_MEMBER = 5;
const NOTIFICATIONS_PER_MEMBER = 5;

/** Group channels (one per two hundred members, at least three) and direct conversations (one per twenty members). */
export function chatCounts(size: ScaleSize) {
  return {
    groups: Math.max(3, Math.round(size.members / 200)),
    directs: Math.min(Math.floor(size.members / 3), Math.max(1, Math.round(size.members / 20))),
    messages: size.members * MESSAGES_PER_MEMBER,
  };
}

/**
 * Chat: group channels of twenty members (the first their owner; one in five private) and direct conversations of
 * two members (numbers 3d − 2 and 3d, never the same approved member), and five messages per member: a quarter in
 * the conversations, the rest in the groups, each from a member of its channel. Members have read up to a day ago.
 */
export async function seedChat(db: Db, size: ScaleSize): Promise<number> {
  const { groups, directs, messages } = chatCounts(size);
  const inGroup = (c: string, j: string) => member(memberNo(sql.raw(`${c} * 101 + ${j}`), size));
  let rows = await run(
    db,
    sql`insert into chat_channels (id, name, description, type, is_private, created_by_id, created_at, updated_at)
    select ${uid('group', sql`c`)}, 'Scale channel ' || c, 'A channel for members to talk shop.', 'group', c % 5 = 0, ${inGroup('c', '0')},
      now() - make_interval(days => 30 + c % 300), now() - make_interval(days => c % 30)
    from generate_series(1, ${n(groups)}) c`,
  );
  rows += await run(
    db,
    sql`insert into chat_channel_members (channel_id, user_id, role, joined_at, last_read_at)
    select ${uid('group', sql`c`)}, ${inGroup('c', 'j')}, case when j = 0 then 'owner' else 'member' end, now() - make_interval(days => 30 + c % 300),
      now() - interval '1 day'
    from generate_series(1, ${n(groups)}) c, generate_series(0, ${n(GROUP_SIZE - 1)}) j
    on conflict do nothing`,
  );
  // bench.partner belongs to the first group
  rows += await run(
    db,
    sql`insert into chat_channel_members (channel_id, user_id, role, joined_at, last_read_at) values (${uid('group', sql`1`)}, ${BENCH_PARTNER}, 'member', now() - interval '30 days', now())`,
  );
  const a = member(sql`3 * d - 2`);
  const b = member(sql`3 * d`);
  rows += await run(
    db,
    sql`insert into chat_channels (id, name, type, is_private, direct_key, created_by_id, created_at, updated_at)
    select ${uid('direct', sql`d`)}, 'Direct', 'direct', true, least(${a}::text, ${b}::text) || ':' || greatest(${a}::text, ${b}::text), ${a},
      now() - make_interval(days => 10 + d % 200), now() - make_interval(days => d % 10)
    from generate_series(1, ${n(directs)}) d`,
  );
  rows += await run(
    db,
    sql`insert into chat_channel_members (channel_id, user_id, role, joined_at, last_read_at)
    select ${uid('direct', sql`d`)}, case when s = 0 then ${a} else ${b} end, 'member', now() - make_interval(days => 10 + d % 200), now() - interval '1 day'
    from generate_series(1, ${n(directs)}) d, generate_series(0, 1) s`,
  );
  // message g: every fourth in conversation 1 + g % directs (its two members taking turns), the rest in group 1 + g % groups
  const d = sql.raw(`(1 + g / 4 % ${directs})`);
  const c = sql.raw(`(1 + g % ${groups})`);
  rows += await run(
    db,
    sql`insert into chat_messages (id, channel_id, sender_id, content, created_at, updated_at)
    select ${uid('message', sql`g`)}, case when g % 4 = 0 then ${uid('direct', d)} else ${uid('group', c)} end,
      case when g % 4 = 0 then (case when g % 8 = 0 then ${member(sql`3 * ${d} - 2`)} else ${member(sql`3 * ${d}`)} end)
        else ${member(memberNo(sql`${c} * 101 + g / ${n(groups)} % ${n(GROUP_SIZE)}`, size))} end,
      'Message ' || g || ': happy to compare notes on this one, shall we talk next week?',
      now() - make_interval(secs => (${n(messages)} - g) * 30), now() - make_interval(secs => (${n(messages)} - g) * 30)
    from generate_series(1, ${n(messages)}) g`,
  );
  return rows;
}

const KINDS = [
  ['lead_status', 'Lead update', 'A lead you referred moved on.', 'lead', '/leads'],
  ['connection_request', 'New connection request', 'A member would like to connect.', null, '/network'],
  ['connection_accepted', 'Connection accepted', 'A member accepted your connection request.', null, '/network'],
  ['achievement_unlocked', 'Achievement unlocked', 'You unlocked an achievement.', null, '/progress'],
  ['endorsement', 'New endorsement', 'A member endorsed one of your skills.', null, '/profile'],
  ['commission_earned', 'Commission earned', 'You earned a commission on a won deal.', null, '/commissions'],
  ['commission_paid', 'Commission paid', 'A commission was paid to you.', null, '/commissions'],
  ['event_updated', 'Event changed', 'An event you registered for changed.', null, '/events'],
] as const;

/**
 * Notifications, five per member, newest first over about a year, two in three of them read; none owes an e-mail.
 * Then CEO Contact messages (one per hundred members) and the e-mail outbox (one per ten members).
 */
export async function seedNotifications(db: Db, size: ScaleSize): Promise<number> {
  const count = size.members * NOTIFICATIONS_PER_MEMBER;
  const kinds = KINDS.map((k) => `(${k.map((v) => (v === null ? 'null' : `'${v}'`)).join(', ')})`).join(', ');
  const ago = sql`make_interval(secs => g * ${n(Math.max(1, Math.floor((365 * 86_400) / Math.max(1, count))))})`;
  let rows = await run(
    db,
    sql`insert into notifications (id, user_id, title, message, type, entity_type, entity_id, is_read, action_url, created_at, read_at, actor_id)
    select ${uid('notification', sql`g`)}, ${member(memberNo(sql`g::bigint * 13`, size))}, k.title, k.message, k.kind, k.entity_type,
      case when k.entity_type = 'lead' then ${uid('lead', sql`1 + g % ${n(Math.max(1, size.leads))}`)}::text end, g % 3 <> 0, k.url,
      now() - ${ago}, case when g % 3 <> 0 then now() - ${ago} + interval '1 hour' end, ${member(memberNo(sql`g::bigint * 17`, size))}
    from generate_series(1, ${n(count)}) g
    join (select row_number() over () - 1 as i, * from (values ${sql.raw(kinds)}) v(kind, title, message, entity_type, url)) k on k.i = g % ${n(KINDS.length)}`,
  );
  rows += await run(
    db,
    sql`insert into ceo_messages (sender_id, subject, message, created_at)
    select ${member(memberNo(sql`g * 17`, size))}, 'A thought on the network', 'Could we run more sector evenings in the north?', now() - make_interval(hours => g * 5)
    from generate_series(1, ${n(Math.max(1, Math.round(size.members / 100)))}) g`,
  );
  rows += await run(
    db,
    sql`insert into outbox ("to", subject, text, transport, status, created_at)
    select 'member' || (1 + g % ${n(size.members)}) || '@scale.example', 'Your weekly summary', 'Here is what happened in your network this week.', 'outbox', 'stored',
      now() - make_interval(mins => g * 11)
    from generate_series(1, ${n(Math.max(1, Math.round(size.members / 10)))}) g`,
  );
  return rows;
}
