// @ts-check
// Role rules live in one place, server/policies/ (`project/role-rules`): outside it, server/ and web/ source
// neither imports `isAdmin` nor spells a role ('admin', 'master-admin', 'partner') as a string. Services ask a
// policy (`isMasterAdmin`, `hasAdminRoleSql`, `roleChangePermission`…); screens read the `can` flags and the role
// labels of common/. Allowed: a route's `access` level and a route table's `path` (not roles), common/ (where the
// roles are defined), the database schema (the column default), seeds, factories and tests (data, not rules).
import path from 'node:path';
import { PROJECT_ROOT } from './import-boundaries.js';

const ROLE_NAMES = new Set(['admin', 'master-admin', 'partner']);
const TEST_FILE = /\.test\.tsx?$/;
const EXEMPT_DIRS = ['server/policies', 'server/db/schema', 'server/db/seed', 'server/db/factories'];
/** Properties whose value names something other than a role with the same word: a route's access level or URL path. */
const NOT_A_ROLE = new Set(['access', 'path']);

function isUnder(rel, dir) {
  return rel === dir || rel.startsWith(`${dir}/`);
}

/** Whether the rule applies to a project path: server/ and web/ source outside the exempt places. */
function applies(rel) {
  if (!isUnder(rel, 'server') && !isUnder(rel, 'web')) return false;
  return !TEST_FILE.test(rel) && !EXEMPT_DIRS.some((dir) => isUnder(rel, dir));
}

/** Type-only wrappers around a value: `'admin' as const`, `… satisfies T`, `<T>…`, `…!`. */
const TYPE_WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'TSNonNullExpression']);

/** The property name a node is the value of (`{ access: 'admin' }`, `{ access: 'admin' as const }`), or null. */
function propertyNameOf(node) {
  while (node.parent && TYPE_WRAPPERS.has(node.parent.type)) node = node.parent;
  const parent = node.parent;
  if (!parent || parent.type !== 'Property' || parent.value !== node || parent.computed) return null;
  if (parent.key.type === 'Identifier') return parent.key.name;
  if (parent.key.type === 'Literal') return String(parent.key.value);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const roleRules = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep role rules in server/policies/: no isAdmin import and no role string outside it' },
    schema: [],
    messages: {
      isAdminImport: "Do not import 'isAdmin' here: ask a policy in server/policies/ that names the rule (or read a `can` flag).",
      roleLiteral: "Role '{{role}}' spelled out here: role rules live in server/policies/ (labels and lists in common/).",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const file = path.relative(PROJECT_ROOT, path.resolve(filename)).split(path.sep).join('/');
    if (file.startsWith('..') || !applies(file)) return {};

    /** @param {import('estree').Node} node @param {unknown} value */
    function checkString(node, value) {
      if (typeof value !== 'string' || !ROLE_NAMES.has(value)) return;
      const owner = propertyNameOf(node);
      if (owner && NOT_A_ROLE.has(owner)) return;
      context.report({ node, messageId: 'roleLiteral', data: { role: value } });
    }

    return {
      ImportSpecifier(node) {
        const imported = node.imported.type === 'Identifier' ? node.imported.name : node.imported.value;
        if (imported === 'isAdmin') context.report({ node, messageId: 'isAdminImport' });
      },
      Literal(node) {
        // an import's source and a module's re-export are not roles
        const parent = /** @type {any} */ (node).parent;
        if (parent && (parent.type === 'ImportDeclaration' || parent.type === 'ExportNamedDeclaration' || parent.type === 'ExportAllDeclaration')) return;
        checkString(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) checkString(node, node.quasis[0].value.cooked);
      },
    };
  },
};

export default { rules: { 'role-rules': roleRules } };
