import { z } from 'zod';

/**
 * Money on the wire: pounds as an exact decimal string with two places ("7440.00", "-12.50"), never a float.
 * Field names keep their meaning (`amount`, `estimatedValue`, `totalCommission` are pounds); code computes in
 * integer pence and converts only at the edges (common/rules/money.ts).
 */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/, 'Money is a decimal string with two places');
export type Money = z.infer<typeof moneySchema>;

/** An instant on the wire: ISO 8601 in UTC with milliseconds ("2026-11-23T09:30:00.000Z"). */
export const instantSchema = z.iso.datetime();
