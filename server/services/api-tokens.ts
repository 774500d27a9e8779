import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiToken, ApiTokenKind, ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '../../common/schemas/api-tokens.ts';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import { apiTokens, users } from '../db/schema/index.ts';
import { newApiTokenSecret } from '../lib/api-token-secret.ts';
import { hashToken } from '../lib/tokens.ts';
import { API_TOKEN_MESSAGES, apiTokenPermission, apiTokenScopesPermission } from '../policies/api-tokens.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';

type TokenRow = typeof apiTokens.$inferSelect;

const columns = {
  token: apiTokens,
  creatorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

function present(row: TokenRow, creatorName: string | null): ApiToken {
  return {
    id: row.id,
    kind: row.kind as ApiTokenKind,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes as ApiToken['scopes'],
    createdBy: { id: row.createdBy, name: creatorName ?? 'Deleted member' },
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: iso(row.revokedAt),
  };
}

const audited = (row: TokenRow) => ({
  name: row.name,
  kind: row.kind,
  scopes: row.scopes.join(', '),
  hint: row.hint,
  expiresAt: iso(row.expiresAt),
});

/** Makes a token; the answer carries the secret, which is stored only as its hash and never shown again. */
export async function createApiToken(db: Db, actor: Actor, kind: ApiTokenKind, input: CreateApiTokenInput, now: Date): Promise<CreatedApiToken> {
  authorize(apiTokenPermission(actor, kind, 'create'));
  authorize(apiTokenScopesPermission(kind, input.scopes));
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new AppError('bad_request', API_TOKEN_MESSAGES.expiryPast);
  const secret = newApiTokenSecret(kind);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({ kind, name: input.name, tokenHash: hashToken(secret), hint: secret.slice(-4), scopes: [...input.scopes], createdBy: actor.id, expiresAt, createdAt: now })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'api_token.create', entityType: 'api_token', entityId: created!.id, after: audited(created!), at: now });
    return created!;
  });
  const [creator] = await db.select({ creatorName: columns.creatorName }).from(users).where(eq(users.id, actor.id));
  return { ...present(row, creator?.creatorName ?? null), token: secret };
}

/** The organisation's tokens (administrators), or the member's own personal tokens, newest first; never a secret. */
export async function listApiTokens(db: Db, actor: Actor, kind: ApiTokenKind): Promise<ApiTokenList> {
  authorize(apiTokenPermission(actor, kind, 'list'));
  const rows = await db
    .select(columns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(kind === 'organisation' ? eq(apiTokens.kind, 'organisation') : and(eq(apiTokens.kind, 'personal'), eq(apiTokens.createdBy, actor.id)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(500);
  return { items: rows.map((r) => present(r.token, r.creatorName)) };
}

/** Revokes a token: it stops working at once on every instance (each request reads the token's row). */
export async function revokeApiToken(db: Db, actor: Actor, kind: ApiTokenKind, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id)).for('update');
    if (!row) throw new AppError('not_found', API_TOKEN_MESSAGES.notFound);
    authorize(apiTokenPermission(actor, kind, 'revoke', row));
    if (row.revokedAt) return;
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    if (revoked) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'api_token.revoke',
        entityType: 'api_token',
        entityId: id,
        before: audited(row),
        after: { revokedAt: iso(now) },
        at: now,
      });
    }
  });
}
