import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../../common/constants/notifications.ts';
import type { Notification, NotificationPage } from '../../../../common/schemas/notifications.ts';
import { notificationKeys } from './keys.ts';
import { applyNotificationLiveEvent, bellQuery } from './notifications.ts';

const updatesKey = notificationKeys.list(bellQuery('updates'));
const achievementsKey = notificationKeys.list(bellQuery('achievements'));

function notification(id: number, type: NotificationKind): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    type,
    title: `${type} ${id}`,
    message: 'm',
    entityType: null,
    entityId: null,
    isRead: false,
    actionUrl: null,
    priority: 'normal',
    createdAt: '2026-11-26T10:00:00.000Z',
    readAt: null,
  };
}
const page = (items: Notification[], unreadCount: number, unreadAchievements: number): NotificationPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  nextCursor: null,
  prevCursor: null,
  unreadCount,
  unreadAchievements,
});

function bellWith(updates: Notification[], achievements?: Notification[]) {
  const client = new QueryClient();
  client.setQueryData(updatesKey, page(updates, updates.length, achievements?.length ?? 0));
  if (achievements) client.setQueryData(achievementsKey, page(achievements, updates.length, achievements.length));
  return client;
}
const bell = (client: QueryClient, key: typeof updatesKey) => client.getQueryData<NotificationPage>(key)!;
const arrives = (client: QueryClient, n: Notification, unreadCount: number) => applyNotificationLiveEvent(client, { type: 'notification', notification: n, unreadCount });

describe('the bell’s two lists, kept by live notifications', () => {
  it('an update goes to the top of Updates with the socket’s count; Achievements keeps its list', () => {
    const client = bellWith([notification(1, 'lead_status')], [notification(2, 'achievement_unlocked')]);
    arrives(client, notification(3, 'mention'), 2);
    expect(bell(client, updatesKey)).toMatchObject({ total: 2, unreadCount: 2, unreadAchievements: 1 });
    expect(bell(client, updatesKey).items.map((n) => n.type)).toEqual(['mention', 'lead_status']);
    expect(bell(client, achievementsKey)).toMatchObject({ total: 1, unreadCount: 2, unreadAchievements: 1 });
  });

  it('an achievement goes to Achievements and adds one to its count, and leaves the badge at the socket’s count', () => {
    const client = bellWith([notification(1, 'lead_status')], [notification(2, 'achievement_unlocked')]);
    arrives(client, notification(3, 'achievement_unlocked'), 1);
    expect(bell(client, updatesKey).items.map((n) => n.type)).toEqual(['lead_status']);
    expect(bell(client, updatesKey)).toMatchObject({ unreadCount: 1, unreadAchievements: 2 });
    expect(bell(client, achievementsKey).items.map((n) => n.id)).toEqual([notification(3, 'achievement_unlocked').id, notification(2, 'achievement_unlocked').id]);
    expect(bell(client, achievementsKey)).toMatchObject({ unreadCount: 1, unreadAchievements: 2 });
  });

  it('an achievement counts once, even arriving again or before its list was ever opened', () => {
    const client = bellWith([notification(1, 'lead_status')]);
    const won = notification(3, 'achievement_unlocked');
    arrives(client, won, 1);
    expect(bell(client, updatesKey)).toMatchObject({ unreadCount: 1, unreadAchievements: 1 });
    expect(client.getQueryData(achievementsKey)).toBeUndefined();

    const both = bellWith([], [won]);
    arrives(both, won, 0);
    expect(bell(both, achievementsKey)).toMatchObject({ total: 1, unreadAchievements: 1 });
  });
});
