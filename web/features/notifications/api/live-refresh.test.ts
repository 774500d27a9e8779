import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_ENTITY_TYPES } from '../../../../common/constants/changes.ts';
import type { NotificationKind } from '../../../../common/constants/notifications.ts';
import type { Notification } from '../../../../common/schemas/notifications.ts';
import { commissionKeys } from '../../commissions/index.ts';
import { timesheetKeys } from '../../timesheets/index.ts';
import { applyNotificationLiveEvent } from './notifications.ts';

function arrives(client: QueryClient, kind: NotificationKind, entityType: string | null = NOTIFICATION_ENTITY_TYPES[kind]) {
  const notification: Notification = {
    id: '00000000-0000-4000-8000-000000000001',
    type: kind,
    title: 't',
    message: 'm',
    entityType,
    entityId: 'x',
    isRead: false,
    actionUrl: null,
    priority: 'normal',
    createdAt: '2026-11-26T10:00:00.000Z',
    readAt: null,
  };
  applyNotificationLiveEvent(client, { type: 'notification', notification, unreadCount: 1 });
}

const stale = (client: QueryClient, key: QueryKey) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

describe('a notification arriving live refreshes its subject', () => {
  it('a timesheet decided: the contractor’s sheet lists, not the commissions', () => {
    const client = new QueryClient();
    const sheets = timesheetKeys.list({ role: 'contractor', page: 1, pageSize: 20 });
    for (const k of [sheets, commissionKeys.summary]) client.setQueryData(k, {});
    arrives(client, 'timesheet_decided');
    expect(stale(client, sheets)).toBe(true);
    expect(stale(client, commissionKeys.summary)).toBe(false);
  });
  it('a commission earned: the commission page', () => {
    const client = new QueryClient();
    for (const k of [commissionKeys.summary, commissionKeys.historyAll]) client.setQueryData(k, {});
    arrives(client, 'commission_earned');
    expect(stale(client, commissionKeys.summary)).toBe(true);
    expect(stale(client, commissionKeys.historyAll)).toBe(true);
  });
  it('a subject this client does not know refreshes nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(timesheetKeys.all, {});
    arrives(client, 'timesheet_decided', 'something_new');
    expect(stale(client, timesheetKeys.all)).toBe(false);
  });
});
