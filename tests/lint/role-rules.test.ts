// Role rules stay in server/policies/, enforced by the project's real ESLint config (eslint.config.js): each case
// lints a small source at a virtual path in the tree and expects `project/role-rules` to report it, or to stay
// silent for the allowed variant.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = 'project/role-rules';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function roleMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => ({ messageId: m.messageId, severity: m.severity, line: m.line }));
}

const usesIsAdmin = `import { isAdmin } from '../policies/roles.ts';\n\nexport const check = (u: { role: string }) => isAdmin(u);\n`;
const comparesRole = (role: string) => `export const check = (u: { role: string }) => u.role === '${role}';\n`;

describe('outside server/policies/, role rules are not written out', () => {
  it('rejects importing isAdmin, renamed or not', async () => {
    expect(await roleMessages('server/services/x.ts', usesIsAdmin)).toEqual([{ messageId: 'isAdminImport', severity: 2, line: 1 }]);
    expect(await roleMessages('server/services/x.ts', `import { isAdmin as admin } from '../policies/roles.ts';\n\nexport const f = admin;\n`)).toHaveLength(1);
  });

  it('rejects every role spelled as a string, in server/ and web/', async () => {
    for (const role of ['admin', 'master-admin', 'partner']) {
      expect(await roleMessages('server/services/x.ts', comparesRole(role))).toEqual([{ messageId: 'roleLiteral', severity: 2, line: 1 }]);
      expect(await roleMessages('web/features/admin/components/X.tsx', comparesRole(role))).toEqual([{ messageId: 'roleLiteral', severity: 2, line: 1 }]);
    }
  });

  it('rejects a role as a template string, an object key, an array item and a SQL list', async () => {
    expect(await roleMessages('server/services/x.ts', 'export const role = `admin`;\n')).toHaveLength(1);
    expect(await roleMessages('web/lib/x.ts', `export const LABELS = { 'master-admin': 'Master admin' };\n`)).toHaveLength(1);
    expect(await roleMessages('server/services/x.ts', `export const ADMINS = ['admin', 'master-admin'];\n`)).toHaveLength(2);
    expect(await roleMessages('server/live/x.ts', `export const q = { role: 'partner' };\n`)).toHaveLength(1);
  });

  it('rejects a role quoted inside a longer string or template in server/: SQL written out by hand', async () => {
    const sqlList = `export const q = "select id from users where role in ('admin','master-admin')";\n`;
    expect(await roleMessages('server/services/x.ts', sqlList)).toEqual([{ messageId: 'quotedRole', severity: 2, line: 1 }]);
    expect(await roleMessages('server/services/x.ts', 'export const q = `role = "partner"`;\n')).toEqual([{ messageId: 'quotedRole', severity: 2, line: 1 }]);
    const tagged = "import { sql } from 'drizzle-orm';\n\nexport const q = (id: string) => sql`select 1 from users where id = ${id} and role = 'master-admin'`;\n";
    expect(await roleMessages('server/services/x.ts', tagged)).toEqual([{ messageId: 'quotedRole', severity: 2, line: 3 }]);
    expect(await roleMessages('server/live/x.ts', "export const q = (t: string) => `update ${t} set role = 'admin'`;\n")).toHaveLength(1);
  });

  it('rejects importing a role helper of common/ in server/, whatever its name or form', async () => {
    for (const name of ['isAdminRole', 'isOwnerRole', 'ADMIN_ROLES', 'OWNER_ROLE', 'NEW_MEMBER_ROLE']) {
      const source = `import { ${name} } from '../../common/rules/roles.ts';\n\nexport const f = ${name};\n`;
      expect(await roleMessages('server/presenters/x.ts', source), name).toEqual([{ messageId: 'roleHelperImport', severity: 2, line: 1 }]);
    }
    expect(await roleMessages('server/services/x.ts', `import { isAdminRole as admin } from '../../common/rules/roles.ts';\n\nexport const f = admin;\n`)).toHaveLength(
      1,
    );
    expect(await roleMessages('server/services/x.ts', `import * as roles from '../../common/rules/roles.ts';\n\nexport const f = roles;\n`)).toHaveLength(1);
    expect(await roleMessages('server/x.ts', `import { ADMIN_ROLES } from '../common/rules/roles.ts';\n\nexport const f = ADMIN_ROLES;\n`)).toHaveLength(1);
  });

  it('rejects them in routes and plugins too', async () => {
    expect(await roleMessages('server/routes/x.ts', comparesRole('admin'))).toHaveLength(1);
    expect(await roleMessages('server/plugins/x.ts', comparesRole('partner'))).toHaveLength(1);
  });
});

describe('what is allowed', () => {
  it('allows everything inside server/policies/', async () => {
    expect(await roleMessages('server/policies/x.ts', usesIsAdmin)).toEqual([]);
    expect(await roleMessages('server/policies/x.ts', comparesRole('master-admin'))).toEqual([]);
  });

  it("allows a route's access level and a route table's path, which are not roles", async () => {
    expect(await roleMessages('server/routes/x.ts', `export const route = { config: { access: 'admin' } };\n`)).toEqual([]);
    expect(await roleMessages('server/routes/x.ts', `export const admin = { access: 'admin' as const };\n`)).toEqual([]);
    expect(await roleMessages('web/app/x.tsx', `export const screens = [{ path: 'admin', admin: true }];\n`)).toEqual([]);
  });

  it('allows common/ (where the roles are defined), the schema, seeds, factories and tests', async () => {
    expect(await roleMessages('common/rules/x.ts', comparesRole('admin'))).toEqual([]);
    expect(await roleMessages('server/db/schema/x.ts', `export const role = 'partner';\n`)).toEqual([]);
    expect(await roleMessages('server/db/seed/x.ts', `export const role = 'master-admin';\n`)).toEqual([]);
    expect(await roleMessages('server/db/factories/x.ts', `export const role = 'admin';\n`)).toEqual([]);
    expect(await roleMessages('server/services/x.test.ts', comparesRole('admin'))).toEqual([]);
    expect(await roleMessages('web/features/admin/components/X.test.tsx', comparesRole('partner'))).toEqual([]);
    expect(await roleMessages('tests/api/x.test.ts', usesIsAdmin)).toEqual([]);
  });

  it('allows other words and names that merely contain a role', async () => {
    expect(await roleMessages('server/services/x.ts', `export const words = ['administrator', 'partners', 'Admin'];\nexport const isAdminUser = 1;\n`)).toEqual([]);
    expect(await roleMessages('server/services/x.ts', `export const s = "the partner's payout, the admin's note";\nexport const t = \`a partner ('\${1}')\`;\n`)).toEqual(
      [],
    );
  });

  it('allows the role labels of common/ in server/, the role helpers in the policies, and both on the web', async () => {
    expect(
      await roleMessages(
        'server/services/x.ts',
        `import { roleLabel, roleWithArticle } from '../../common/rules/roles.ts';\n\nexport const f = [roleLabel, roleWithArticle];\n`,
      ),
    ).toEqual([]);
    expect(
      await roleMessages(
        'server/policies/x.ts',
        `import { ADMIN_ROLES, isAdminRole } from '../../common/rules/roles.ts';\n\nexport const f = [ADMIN_ROLES, isAdminRole];\n`,
      ),
    ).toEqual([]);
    expect(
      await roleMessages('web/features/admin/components/X.tsx', `import { isAdminRole } from '../../../../common/rules/roles.ts';\n\nexport const f = isAdminRole;\n`),
    ).toEqual([]);
    expect(await roleMessages('server/services/x.ts', `import { ROLES } from '../../common/constants/options.ts';\n\nexport const f = ROLES;\n`)).toEqual([]);
  });

  it('allows a quoted role in a string in the policies and in the schema (the SQL-role helpers and the column default)', async () => {
    const sqlList = `export const q = "role in ('admin','master-admin')";\n`;
    expect(await roleMessages('server/policies/x.ts', sqlList)).toEqual([]);
    expect(await roleMessages('server/db/schema/x.ts', sqlList)).toEqual([]);
  });
});
