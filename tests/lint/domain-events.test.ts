// The domain event registry is complete: every type says what record it is about and what happened, its schema
// reads a sample of its data, and every type the server records is one a feature declares.
import { describe, expect, it } from 'vitest';
import { applicationsEvents } from '../../common/events/applications.ts';
import { commissionsEvents } from '../../common/events/commissions.ts';
import { communityEvents } from '../../common/events/community.ts';
import { domainEventSchemas } from '../../common/events/index.ts';
import { leadsEvents } from '../../common/events/leads.ts';
import type { DomainEventSchemas } from '../../common/events/types.ts';
import { callArguments, literalValues, sourceFiles, unknownValues } from './source-scan.ts';

const A = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const B = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

/** A sample of each type's data, for the features whose events this file checks in full. */
const samples: Record<string, unknown> = {
  'member.applied': { userId: A, via: 'form' },
  'member.approved': { userId: A },
  'member.rejected': { userId: A, reason: 'competitor' },
  'lead.created': { leadId: A, submitterId: B, status: 'submitted', estimatedValue: '12000.00', sourceEventId: null },
  'lead.status_changed': { leadId: A, submitterId: B, fromStatus: 'submitted', toStatus: 'qualified' },
  'lead.updated': { leadId: A, submitterId: B, status: 'reviewing', notesChanged: true },
  'lead.deleted': { leadId: A, submitterId: B, status: 'closed-lost' },
  'lead.edited': { leadId: A, submitterId: B, fields: ['companyName'] },
  'lead.withdrawn': { leadId: A, submitterId: B, fromStatus: 'reviewing' },
  'lead.assigned': { leadId: A, assignedTo: B, previous: null },
  'lead.comment_created': { leadId: A, commentId: B, authorId: A, internal: true },
  'commission.created': {
    commissionId: A,
    partnerId: B,
    leadId: A,
    kind: 'closed_won',
    amount: '744.00',
    basis: '12000.00',
    rate: '0.0620',
    month: '2026-11-01',
    timesheetId: null,
  },
  'commission.paid': { commissionId: A, partnerId: B, leadId: A, amount: '744.00', paidAt: '2026-11-26T10:00:00.000Z' },
  'post.created': { postId: A, authorId: B, category: 'general', hasImage: false },
  'comment.created': { commentId: A, postId: B, authorId: A, parentId: null },
  'post.deleted': { postId: A, authorId: B, moderated: true },
  'connection.requested': { connectionId: A, requesterId: A, targetId: B },
  'connection.accepted': { connectionId: A, requesterId: A, targetId: B },
  'endorsement.created': { endorsementId: A, endorserId: A, endorseeId: B, skillName: 'Sales' },
};

describe('the domain event registry', () => {
  it('says of every type what record it is about and what happened', () => {
    for (const [type, def] of Object.entries(domainEventSchemas as DomainEventSchemas)) {
      expect(type).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(def.entityType, type).toMatch(/^[a-z_]+$/);
      expect(def.describe, type).toMatch(/^[A-Z].{10,}[^.]$/);
    }
  });

  it('reads a sample of every type of applications, leads, commissions and the community', () => {
    const mine = Object.keys({ ...applicationsEvents, ...leadsEvents, ...commissionsEvents, ...communityEvents });
    expect(
      mine.filter((t) => !(t in samples)),
      'types with no sample',
    ).toEqual([]);
    for (const type of mine) {
      const result = (domainEventSchemas as DomainEventSchemas)[type as keyof DomainEventSchemas].schema.safeParse(samples[type]);
      expect(result.success, `${type}: ${result.error?.message}`).toBe(true);
    }
  });

  it('declares every type the server records', () => {
    const types = Object.keys(domainEventSchemas);
    const problems: string[] = [];
    let calls = 0;
    for (const { file, text } of sourceFiles('server')) {
      if (file === 'server/services/domain-events.ts') continue; // the recorder itself
      for (const { line, args } of callArguments(text, 'recordEvent')) {
        calls++;
        // the type is the second argument: `recordEvent(tx, 'lead.created', …)`
        const expr = /^\s*[\w.]+\s*,\s*([^,]+)/.exec(args)?.[1] ?? '';
        const values = literalValues(expr);
        if (!values) problems.push(`${file}:${line} recordEvent type is not written as a literal (${expr.trim()})`);
        else for (const v of unknownValues(values, types)) problems.push(`${file}:${line} recordEvent type ${v} is not in common/events/`);
      }
    }
    expect(calls).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
