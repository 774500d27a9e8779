/** The audit log's filters (action, record type, actor, UK days, search), its CSV in words, and who may read them. */

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActorsSchema, auditPageSchema } from '../../common/schemas/admin.ts';
import { auditLog } from '../../server/db/schema/index.ts';
import { recordAudit, type AuditRecord } from '../../server/services/audit.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { expectConsistentPages } from '../helpers/keyset.ts';

let ctx: TestContext;
let ada: SignedIn;
let bo: SignedIn;
let master: SignedIn;
let partner: SignedIn;
const ids: Record<string, string> = {};
const acmeLeadId = randomUUID();

/** One entry with a known id, so each filter's answer can be compared exactly. */
async function entry(name: string, e: AuditRecord) {
  await recordAudit(ctx.db, e);
  const rows = await ctx.db.select({ id: auditLog.id, createdAt: auditLog.createdAt }).from(auditLog);
  const known = new Set(Object.values(ids));
  ids[name] = rows.find((r) => !known.has(r.id))!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Auditor' });
  bo = await makeSignedIn(ctx, { role: 'admin', firstName: 'Bo', lastName: 'Checker' });
  master = await makeSignedIn(ctx, { role: 'master-admin', firstName: 'Mae', lastName: 'Master' });
  partner = await makeSignedIn(ctx, { firstName: 'Pat', lastName: 'Partner' });
  const quentin = await makeUser(ctx.db, { firstName: 'Quentin', lastName: 'Target' });
  await entry('deactivate', {
    actorId: ada.user.id,
    action: 'user.deactivate',
    entityType: 'user',
    entityId: quentin.id,
    before: { isActive: true },
    after: { isActive: false },
    at: new Date('2026-03-10T12:00:00Z'),
  });
  // 23:30 UTC on 1 June is 00:30 on 2 June in UK time (BST)
  await entry('deleteLead', {
    actorId: bo.user.id,
    action: 'lead.delete',
    entityType: 'lead',
    entityId: randomUUID(),
    before: { companyName: '=Zephyr Widgets', status: 'qualified' },
    at: new Date('2026-06-01T23:30:00Z'),
  });
  await entry('updateLead', {
    actorId: ada.user.id,
    action: 'lead.update',
    entityType: 'lead',
    entityId: acmeLeadId,
    before: { status: 'reviewing', companyName: 'Acme 100% Ltd' },
    after: { status: 'qualified' },
    at: new Date('2026-06-05T10:00:00Z'),
  });
  await entry('pay', {
    actorId: bo.user.id,
    action: 'commission.pay',
    entityType: 'commission',
    entityId: randomUUID(),
    before: { paidAt: null },
    after: { paidAt: '2026-06-10T10:00:00.000Z', amount: '1234.50' },
    at: new Date('2026-06-10T10:00:00Z'),
  });
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (query: Record<string, string | number> = {}) =>
  (await ada.api.getOk(auditPageSchema, '/api/admin/audit-log', { query: { pageSize: 100, ...query } })).items.map((e) => e.id);
const named = (...names: string[]) => names.map((n) => ids[n]);

describe('GET /api/admin/audit-log with filters', () => {
  it('lists everything newest first without filters', async () => {
    expect(await list()).toEqual(named('pay', 'updateLead', 'deleteLead', 'deactivate'));
  });

  it('narrows by action, record type and actor, alone and together', async () => {
    expect(await list({ action: 'lead.update' })).toEqual(named('updateLead'));
    expect(await list({ entityType: 'lead' })).toEqual(named('updateLead', 'deleteLead'));
    expect(await list({ actorId: ada.user.id })).toEqual(named('updateLead', 'deactivate'));
    expect(await list({ actorId: bo.user.id, entityType: 'lead' })).toEqual(named('deleteLead'));
    expect(await list({ actorId: master.user.id })).toEqual([]);
    const page = await ada.api.getOk(auditPageSchema, '/api/admin/audit-log', { query: { entityType: 'lead' } });
    expect(page.total).toBe(2);
  });

  it('narrows by days in UK time, both ends included', async () => {
    expect(await list({ from: '2026-06-02', to: '2026-06-02' })).toEqual(named('deleteLead'));
    expect(await list({ to: '2026-06-01' })).toEqual(named('deactivate'));
    expect(await list({ from: '2026-06-05' })).toEqual(named('pay', 'updateLead'));
    expect(await list({ from: '2026-06-05', to: '2026-06-05' })).toEqual(named('updateLead'));
  });

  it('searches the actor’s name and the record’s name, case-insensitively, taking % and _ literally', async () => {
    expect(await list({ search: 'quentin' })).toEqual(named('deactivate'));
    expect(await list({ search: 'BO CHECK' })).toEqual(named('pay', 'deleteLead'));
    expect(await list({ search: 'zephyr' })).toEqual(named('deleteLead'));
    expect(await list({ search: '100%' })).toEqual(named('updateLead'));
    expect(await list({ search: '1_0' })).toEqual([]);
    expect(await list({ search: 'Acme%Ltd' })).toEqual([]);
    expect(await list({ search: 'ada', entityType: 'user' })).toEqual(named('deactivate'));
  });

  it('pages a filtered list by key, its total the filtered count', async () => {
    await expectConsistentPages({ api: ada.api, path: '/api/admin/audit-log', pageSize: 1, query: { search: 'e' } });
  });

  it('refuses filters outside the vocabulary or the calendar', async () => {
    for (const query of [
      { action: 'lead.explode' },
      { entityType: 'spaceship' },
      { actorId: 'not-a-uuid' },
      { from: '2026-02-30' },
      { from: '06/02/2026' },
      { from: '2026-06-05', to: '2026-06-01' },
      { search: 'x'.repeat(101) },
    ]) {
      expectError(await ada.api.get('/api/admin/audit-log', { query }), 400, 'validation_failed');
      expectError(await ada.api.get('/api/admin/audit-log.csv', { query }), 400, 'validation_failed');
    }
    // empty values are no filter, as a form sends them
    expect(await list({ action: '', entityType: '', actorId: '', from: '', to: '', search: '' })).toHaveLength(4);
  });

  it('offers everyone with an entry as an actor, by name', async () => {
    const actors = await ada.api.getOk(auditActorsSchema, '/api/admin/audit-log/actors');
    expect(actors.items).toEqual([
      { id: ada.user.id, name: 'Ada Auditor' },
      { id: bo.user.id, name: 'Bo Checker' },
    ]);
  });
});

describe('GET /api/admin/audit-log.csv', () => {
  it('writes the filtered entries in words, newest first, formula-safe', async () => {
    const res = await ada.api.get('/api/admin/audit-log.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-06-15.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UK time),When (UTC),Actor,Action,Record type,Record,Record ID,Changes');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^"10 Jun 2026, 11:00",2026-06-10T10:00:00.000Z,Bo Checker,Marked a commission paid,Commission,,[0-9a-f-]{36},/);
    expect(lines[1]).toContain('"Paid: — → 10 Jun 2026, 11:00; Amount: £1,234.50"');
    expect(lines[2]).toContain(`,Ada Auditor,Updated a lead,Lead,Acme 100% Ltd,${acmeLeadId},`);
    expect(lines[2]).toContain('"Status: Under Review → Qualified; Company: Acme 100% Ltd (removed)"');
    expect(lines[3]).toContain(`,Bo Checker,Deleted a lead,Lead,"'=Zephyr Widgets",`);
    // the cell starts with a label, so a recorded value inside it never starts a formula
    expect(lines[3]).toContain('"Status: Qualified (removed); Company: =Zephyr Widgets (removed)"');
    expect(lines[4]).toContain('Ada Auditor,Deactivated a user,User,Quentin Target,');
    expect(lines[4]).toContain('Account: Active → Inactive');

    const filtered = await ada.api.get('/api/admin/audit-log.csv', { query: { actorId: bo.user.id, entityType: 'lead', from: '2026-06-02' } });
    const rows = filtered.body.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Deleted a lead');
    expectError(await ada.api.get('/api/admin/audit-log.csv', { query: { page: 2 } }), 400, 'validation_failed');
  });
});

describe('who reads the audit log', () => {
  it('administrators and master-admins; partners get 403, nobody signed in 401', async () => {
    for (const path of ['/api/admin/audit-log', '/api/admin/audit-log.csv', '/api/admin/audit-log/actors']) {
      expect((await ada.api.get(path)).statusCode).toBe(200);
      expect((await master.api.get(path)).statusCode).toBe(200);
      expectError(await partner.api.get(path), 403, 'forbidden');
      expectError(await client(ctx.app).get(path), 401, 'unauthorized');
    }
  });
});
