// @ts-check
// Role rules live in one place, server/policies/ (`project/role-rules`): outside it, server/ and web/ source
// neither imports `isAdmin` nor spells a role ('admin', 'master-admin', 'partner') as a string. Services ask a
// policy (`isMasterAdmin`, `hasAdminRoleSql`, `roleChangePermission`…); screens read the `can` flags and the role
// labels of common/. In server/ the rule goes further: no role helper of common/ is imported (`isAdminRole`,
// `ADMIN_ROLES`… — the policies wrap them; the role labels stay allowed), and no string or template holds a quoted
// role (`role in ('admin','master-admin')` in SQL: the policies' `hasAdminRoleSql` and its kin build that). Allowed:
// a route's `access` level and a route table's `path` (not roles), common/ (where the roles are defined), the
// database schema (the column default), seeds, factories and tests (data, not rules).
import path from 'node:path';
import { PROJECT_ROOT } from './import-boundaries.js';

const ROLE_NAMES = new Set(['admin', 'master-admin', 'partner']);
/** A role quoted inside a longer string: SQL (`role = 'admin'`, `in ('admin', 'master-admin')`) or JSON. */
const QUOTED_ROLE = /(['"])(master-admin|admin|partner)\1/;
/** The module of common/ that defines the roles; of it, server/ code outside the policies may import only the labels. */
const COMMON_ROLES_MODULE = 'common/rules/roles.ts';
const ROLE_LABELS = new Set(['roleLabel', 'roleWithArticle']);
/** The role helpers of common/, whichever module of common/ they are imported from. */
const ROLE_HELPERS = new Set(['isAdminRole', 'isOwnerRole', 'ADMIN_ROLES', 'OWNER_ROLE', 'NEW_MEMBER_ROLE']);
const TEST_FILE = /\.test\.tsx?$/;
const EXEMPT_DIRS = ['server/policies', 'server/db/schema', 'server/db/seed', 'server/db/factories'];
/** Properties whose value names something other than a role with the same word: a route's access level or URL path. */
const NOT_A_ROLE = new Set(['access', 'path']);

function isUnder(rel, dir) {
  return rel === dir || rel.startsWith(`${dir}/`);
}

/** The project path a relative import specifier names from the file `rel`, or null for a package. */
function importedPath(rel, specifier) {
  if (!specifier.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(rel), specifier));
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
      roleHelperImport:
        "Do not import '{{name}}' from common/ in the server: ask a policy in server/policies/ (`isAdmin`-based answers, `hasAdminRoleSql` for SQL) or read a `can` flag.",
      quotedRole: "Role '{{role}}' quoted inside a string here: build role conditions with a policy's SQL helper (`hasAdminRoleSql`, `hasMasterAdminRoleSql`…).",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const file = path.relative(PROJECT_ROOT, path.resolve(filename)).split(path.sep).join('/');
    if (file.startsWith('..') || !applies(file)) return {};
    const server = isUnder(file, 'server');

    /** @param {import('estree').Node} node @param {unknown} value */
    function checkString(node, value) {
      if (typeof value !== 'string') return;
      if (!ROLE_NAMES.has(value)) {
        const quoted = server ? QUOTED_ROLE.exec(value) : null;
        if (quoted) context.report({ node, messageId: 'quotedRole', data: { role: quoted[2] } });
        return;
      }
      const owner = propertyNameOf(node);
      if (owner && NOT_A_ROLE.has(owner)) return;
      context.report({ node, messageId: 'roleLiteral', data: { role: value } });
    }

    /** In server/: the role helpers of common/ are the policies' to wrap; only the role labels are imported elsewhere. */
    function checkCommonImport(node) {
      const target = importedPath(file, String(node.source.value));
      if (!server || !target || !isUnder(target, 'common')) return;
      const rolesModule = target === COMMON_ROLES_MODULE || target === COMMON_ROLES_MODULE.replace(/\.ts$/, '');
      for (const spec of node.specifiers) {
        if (spec.type !== 'ImportSpecifier') {
          if (rolesModule) context.report({ node: spec, messageId: 'roleHelperImport', data: { name: spec.local.name } });
          continue;
        }
        const name = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
        if (ROLE_HELPERS.has(name) || (rolesModule && !ROLE_LABELS.has(name))) context.report({ node: spec, messageId: 'roleHelperImport', data: { name } });
      }
    }

    return {
      ImportDeclaration: checkCommonImport,
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
        // a template with expressions (a `sql` query, say) is read part by part for a quoted role
        else if (server)
          for (const quasi of node.quasis) {
            const quoted = QUOTED_ROLE.exec(quasi.value.cooked ?? quasi.value.raw);
            if (quoted) context.report({ node: quasi, messageId: 'quotedRole', data: { role: quoted[2] } });
          }
      },
    };
  },
};

export default { rules: { 'role-rules': roleRules } };
