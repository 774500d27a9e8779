// The audit vocabulary is complete: every action and record type has its words, every record type a label (or the
// reason it has none), and every action or record type the server writes to the audit log is one it declares.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_FIELD_FORMATS, auditVocabularies } from '../../common/audit/index.ts';
import { auditEntityLabels } from '../../server/features/audit-registry.ts';
import { callArguments, literalValues, propertyExpression, sourceFiles, unknownValues } from './source-scan.ts';

const actions = Object.keys(AUDIT_ACTIONS);
const entities = Object.keys(AUDIT_ENTITIES);

describe('the audit vocabulary', () => {
  it('gives every action a sentence and every record type a label, each declared by one feature only', () => {
    for (const [action, sentence] of Object.entries(AUDIT_ACTIONS)) expect(sentence, action).toMatch(/^[a-z].*[^.]$/);
    for (const [type, label] of Object.entries(AUDIT_ENTITIES)) expect(label, type).toMatch(/^[A-Z]/);
    const declared = auditVocabularies.flatMap((v) => Object.keys(v.actions));
    expect(declared.length).toBe(new Set(declared).size);
    for (const v of auditVocabularies) {
      for (const field of Object.values(v.fields)) expect(AUDIT_FIELD_FORMATS).toContain(field.format);
    }
  });

  it('names every record type on the audit screen with a label query or the reason it has none', () => {
    const labels = auditEntityLabels as Record<string, { sql?: unknown; none?: string }>;
    const missing = entities.filter((t) => !labels[t] || (!labels[t].sql && !labels[t].none?.trim()));
    expect(missing, 'record types with no label and no reason').toEqual([]);
    expect(
      Object.keys(labels).filter((t) => !entities.includes(t)),
      'labels for record types the vocabulary does not know',
    ).toEqual([]);
  });

  it('declares every action and record type the server writes to the audit log', () => {
    const problems: string[] = [];
    let calls = 0;
    for (const { file, text } of sourceFiles('server')) {
      if (file === 'server/services/audit.ts') continue; // the recorder itself passes its caller's entry on
      for (const fn of ['recordAudit', 'auditInsert']) {
        for (const { line, args } of callArguments(text, fn)) {
          calls++;
          for (const [key, known] of [
            ['action', actions],
            ['entityType', entities],
          ] as const) {
            const expr = propertyExpression(args, key);
            const values = expr === null ? null : literalValues(expr);
            if (!values) problems.push(`${file}:${line} ${fn} ${key} is not written as a literal (${expr ?? 'missing'})`);
            else for (const v of unknownValues(values, known)) problems.push(`${file}:${line} ${fn} ${key} ${v} is not in the audit vocabulary (common/audit/)`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
