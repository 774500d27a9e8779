// @ts-check
// The project's import boundaries, as one ESLint rule (`project/import-boundaries`):
//   - common/ imports only zod and itself (its tests may also use vitest and fast-check): no server/, no web/, no
//     node:* or other I/O or framework package;
//   - web/ never imports server/, and server/ never imports web/;
//   - a file under web/features/A/ reaches another feature B only through web/features/B/index.ts(x);
//   - nothing under server/routes/ imports server/db/ (routes call services).
// Relative specifiers are resolved by path arithmetic alone, without touching the file system, so a boundary
// holds for a file that does not exist yet (and the rule can be tested on sources at virtual paths).
// Every kind of import counts, type-only ones included: `import`, `export … from`, `import()` and `import('…').T`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: this file lives in <root>/eslint-rules/. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const COMMON_PACKAGES = ['zod'];
const COMMON_TEST_PACKAGES = ['vitest', 'fast-check'];
const TEST_FILE = /\.test\.tsx?$/;

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A path relative to the project root, with forward slashes. */
function projectPath(absolute) {
  return path.relative(PROJECT_ROOT, absolute).split(path.sep).join('/');
}

function isUnder(rel, dir) {
  return rel === dir || rel.startsWith(`${dir}/`);
}

/** The feature a project path belongs to (`web/features/<name>/…`), or null. */
function featureOf(rel) {
  const match = /^web\/features\/([^/]+)(?:\/|$)/.exec(rel);
  return match ? match[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Keep common/, server/, web/, the features and the routes inside the project's import boundaries" },
    schema: [],
    messages: {
      commonImportsApp: "common/ must not import '{{specifier}}' ({{target}}): common/ is shared by the server and the client and imports only itself and zod.",
      commonImportsPackage: "common/ must not import the package '{{name}}': common/ is pure and isomorphic and imports only {{allowed}}.",
      webImportsServer: "web/ must not import server code ('{{specifier}}'): share schemas and rules through common/.",
      serverImportsWeb: "server/ must not import client code ('{{specifier}}'): share schemas and rules through common/.",
      featureInternals: "Feature '{{from}}' must not reach into feature '{{to}}' ('{{specifier}}'): import what web/features/{{to}}/index.ts exports.",
      routeImportsDb: "Routes must not import the database ('{{specifier}}'): call a service in server/services/ instead.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const file = projectPath(path.resolve(filename));
    if (file.startsWith('..')) return {};
    const inCommon = isUnder(file, 'common');
    const inWeb = isUnder(file, 'web');
    const inServer = isUnder(file, 'server');
    const inRoutes = isUnder(file, 'server/routes');
    const fromFeature = featureOf(file);
    if (!inCommon && !inWeb && !inServer) return {};
    const allowedPackages = TEST_FILE.test(file) ? [...COMMON_PACKAGES, ...COMMON_TEST_PACKAGES] : COMMON_PACKAGES;

    /** @param {import('estree').Node} node @param {unknown} specifier */
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const relative = specifier.startsWith('.') || specifier.startsWith('/');
      if (!relative) {
        if (inCommon && !allowedPackages.includes(packageName(specifier))) {
          context.report({ node, messageId: 'commonImportsPackage', data: { name: packageName(specifier), allowed: allowedPackages.join(', ') } });
        }
        return;
      }
      const target = projectPath(path.resolve(path.dirname(path.resolve(filename)), specifier));
      if (inCommon && !isUnder(target, 'common')) {
        context.report({ node, messageId: 'commonImportsApp', data: { specifier, target: target.startsWith('..') ? 'outside the project' : target } });
      }
      if (inWeb && isUnder(target, 'server')) context.report({ node, messageId: 'webImportsServer', data: { specifier } });
      if (inServer && isUnder(target, 'web')) context.report({ node, messageId: 'serverImportsWeb', data: { specifier } });
      if (inRoutes && isUnder(target, 'server/db')) context.report({ node, messageId: 'routeImportsDb', data: { specifier } });
      const toFeature = featureOf(target);
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        const root = `web/features/${toFeature}`;
        const publicEntry = target === root || target === `${root}/index.ts` || target === `${root}/index.tsx`;
        if (!publicEntry) context.report({ node, messageId: 'featureInternals', data: { from: fromFeature, to: toFeature, specifier } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      /** `typeof import('…')` and `import('…').Type` in type positions (typescript-eslint's TSImportType). */
      TSImportType(/** @type {any} */ node) {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

export default { meta: { name: 'project' }, rules: { 'import-boundaries': importBoundaries } };
