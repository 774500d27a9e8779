// The import boundaries are enforced by the project's real ESLint config (eslint.config.js): each case lints a
// small source at a virtual path in the tree and expects the boundary rule to report it, or the whole config to
// stay silent for the allowed variant.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = 'project/import-boundaries';

let eslint: ESLint;
// a lint at a path of a part of the tree not linted yet builds that part's typed program (tens of seconds on a busy
// machine): the first one is done here, and each case may take as long as such a build
vi.setConfig({ testTimeout: 120_000 });
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export const warm = 1;\n', { filePath: path.join(ROOT, 'common/warm.ts') });
}, 180_000);

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((m) => ({ ruleId: m.ruleId, messageId: m.messageId, severity: m.severity, line: m.line, message: m.message }));
}

/** A module that imports one name from `specifier` and uses it, so only the import itself can be at fault. */
const importing = (specifier: string) => `import { thing } from '${specifier}';\n\nexport const used = thing;\n`;

async function expectViolation(filePath: string, code: string, messageId: string) {
  const messages = await lint(filePath, code);
  expect(messages).toContainEqual(expect.objectContaining({ ruleId: RULE, messageId, severity: 2 }));
}

async function expectClean(filePath: string, code: string) {
  expect(await lint(filePath, code)).toEqual([]);
}

describe('common/ imports only itself and zod', () => {
  it('rejects server/ and web/ code', async () => {
    await expectViolation('common/x.ts', importing('../server/app.ts'), 'commonImportsApp');
    await expectViolation('common/rules/x.ts', importing('../../web/lib/api.ts'), 'commonImportsApp');
    await expectViolation('common/rules/x.ts', `export type { Thing } from '../../server/db/schema/index.ts';\n`, 'commonImportsApp');
  });

  it('rejects I/O and framework packages, node built-ins included', async () => {
    for (const pkg of ['node:fs', 'fs', 'fastify', 'drizzle-orm', 'drizzle-orm/pg-core', 'pg', 'react', '@tanstack/react-query']) {
      await expectViolation('common/schemas/x.ts', importing(pkg), 'commonImportsPackage');
    }
  });

  it('keeps test-only packages to test files', async () => {
    await expectViolation('common/rules/x.ts', importing('vitest'), 'commonImportsPackage');
    await expectClean('common/rules/x.test.ts', importing('vitest'));
  });

  it('allows zod and common/ itself', async () => {
    await expectClean('common/schemas/x.ts', importing('zod'));
    await expectClean('common/schemas/x.ts', importing('../rules/money.ts'));
  });
});

describe('web/ and server/ never import each other', () => {
  it('rejects web/ importing server/', async () => {
    await expectViolation('web/x.ts', importing('../server/app.ts'), 'webImportsServer');
    await expectViolation(
      'web/features/leads/api/x.ts',
      `import type { Thing } from '../../../../server/db/schema/index.ts';\n\nexport type Used = Thing;\n`,
      'webImportsServer',
    );
  });

  it('rejects server/ importing web/', async () => {
    await expectViolation('server/services/x.ts', importing('../../web/lib/format.ts'), 'serverImportsWeb');
  });

  it('allows both to import common/', async () => {
    await expectClean('web/x.ts', importing('../common/schemas/lead.ts'));
    await expectClean('server/services/x.ts', importing('../../common/rules/money.ts'));
  });
});

describe('a feature reaches another feature only through its index.ts', () => {
  it("rejects another feature's internals, whatever the import form", async () => {
    await expectViolation('web/features/a/x.ts', importing('../b/components/y.tsx'), 'featureInternals');
    await expectViolation('web/features/a/pages/P.tsx', importing('../../b/api/y.ts'), 'featureInternals');
    await expectViolation('web/features/a/x.ts', `export { thing } from '../b/lib/y.ts';\n`, 'featureInternals');
    await expectViolation('web/features/a/x.ts', `export const load = () => import('../b/pages/Y.tsx');\n`, 'featureInternals');
    await expectViolation('web/features/a/x.ts', importing('../../features/b/components/y.tsx'), 'featureInternals');
  });

  it("allows the other feature's index.ts and the feature's own internals", async () => {
    await expectClean('web/features/a/x.ts', importing('../b/index.ts'));
    await expectClean('web/features/a/pages/P.tsx', importing('../../b/index.ts'));
    await expectClean('web/features/a/pages/P.tsx', importing('../components/y.tsx'));
  });

  it('leaves code outside the features free to import them (the router loads their pages)', async () => {
    await expectClean('web/app/pages.ts', `export const load = () => import('../features/b/pages/Y.tsx');\n`);
  });
});

describe('routes never import the database', () => {
  it('rejects the client and the schema, type-only imports included', async () => {
    await expectViolation('server/routes/x.ts', importing('../db/client.ts'), 'routeImportsDb');
    await expectViolation('server/routes/x.ts', importing('../db/schema/index.ts'), 'routeImportsDb');
    await expectViolation('server/routes/x.ts', `import type { Thing } from '../db/schema/index.ts';\n\nexport type Used = Thing;\n`, 'routeImportsDb');
  });

  it('allows routes to call services, and services to use the database', async () => {
    await expectClean('server/routes/x.ts', importing('../services/leads.ts'));
    await expectClean('server/services/x.ts', importing('../db/client.ts'));
  });
});
