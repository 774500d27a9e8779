import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  payoutLinePageSchema,
  payoutRunPageSchema,
  payoutRunSchema,
  payoutSettingsSchema,
  type PayoutLineState,
  type PayoutRun,
} from '../../../../common/schemas/payouts.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { payoutKeys } from './keys.ts';

const enc = encodeURIComponent;
const runPath = (id: string) => `/api/admin/payout-runs/${enc(id)}`;

/** Reads an answer and checks it against its contract, so a screen never shows a field the server did not send. */
async function getChecked<S extends z.ZodType>(schema: S, url: string): Promise<z.output<S>> {
  return schema.parse(await api.get<unknown>(url));
}

/** Where a run's bank transfer file (ISO 20022 credit transfer) and its PayPal Payouts files are downloaded. */
export const bankFileUrl = (id: string) => `${runPath(id)}/bank-file.xml`;
export const paypalFileUrl = (id: string, part: number) => withQuery(`${runPath(id)}/paypal.csv`, { part: part > 1 ? part : undefined });

/** One page of payout runs, newest first. */
export function usePayoutRuns(position: PagePosition, pageSize: number) {
  return useQuery({
    queryKey: payoutKeys.runs({ ...position, pageSize }),
    queryFn: () => getChecked(payoutRunPageSchema, withQuery('/api/admin/payout-runs', { ...position, pageSize })),
    placeholderData: keepPreviousData,
  });
}

/** One run with its totals and what the administrator may do with it. */
export function usePayoutRun(id: string) {
  return useQuery({ queryKey: payoutKeys.run(id), queryFn: () => getChecked(payoutRunSchema, runPath(id)) });
}

/** One page of a run's lines in one state, by partner name. */
export function usePayoutLines(id: string, state: PayoutLineState, position: PagePosition, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: payoutKeys.lines(id, state, { ...position, pageSize }),
    queryFn: () => getChecked(payoutLinePageSchema, withQuery(`${runPath(id)}/lines`, { state, ...position, pageSize })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The minimum payout: partners owed less are carried over to the next run. */
export function usePayoutSettings() {
  return useQuery({ queryKey: payoutKeys.settings, queryFn: () => getChecked(payoutSettingsSchema, '/api/admin/payout-settings') });
}

const failed = (title: string, fallback: string) => (err: unknown) => toast({ variant: 'destructive', title, description: errorDetail(err, fallback) });

/** Saves the minimum payout (pounds, two decimals). */
export function useSavePayoutSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof payoutSettingsSchema>) => payoutSettingsSchema.parse(await api.put<unknown>('/api/admin/payout-settings', body)),
    onSuccess: () => toast({ variant: 'success', title: 'Minimum payout saved', description: 'The next run you draft carries over partners owed less.' }),
    // the settings and the audit log show it
    onSettled: () => changed(client, 'payouts'),
  });
}

/** Drafts a run for a period end (the end of last month when none is given); answers the run. */
export function useDraftPayoutRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (periodEnd: string | undefined) => payoutRunSchema.parse(await api.post<unknown>('/api/admin/payout-runs', periodEnd ? { periodEnd } : {})),
    onSuccess: (run) => {
      client.setQueryData(payoutKeys.run(run.id), run);
      toast({ variant: 'success', title: `Payout run ${run.reference} drafted`, description: 'Review it; another administrator approves it.' });
    },
    onError: failed('Could not draft the payout run', 'Failed to draft the payout run. Please try again.'),
    onSettled: () => changed(client, 'payouts'),
  });
}

/** The acts on one run, each answering the run as it now is. */
type RunAct = 'approve' | 'cancel';
const ACT_WORDS: Record<RunAct, { done: (r: PayoutRun) => string; failed: string }> = {
  approve: { done: (r) => `Payout run ${r.reference} approved`, failed: 'Could not approve the payout run' },
  cancel: { done: (r) => `Payout run ${r.reference} cancelled`, failed: 'Could not cancel the payout run' },
};

/** Approves a draft (a second administrator) or cancels it (its commissions are released for the next run). */
export function usePayoutRunAct(act: RunAct) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => payoutRunSchema.parse(await api.post<unknown>(`${runPath(id)}/${act}`)),
    onSuccess: (run) => {
      client.setQueryData(payoutKeys.run(run.id), run);
      toast({ variant: 'success', title: ACT_WORDS[act].done(run) });
    },
    onError: failed(ACT_WORDS[act].failed, 'Please try again.'),
    onSettled: () => changed(client, 'payouts'),
  });
}

/** Marks an approved run paid on its value date; the failed lines' commissions stay pending for the next run. */
export function useMarkPayoutRunPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; valueDate: string; failedLineIds: string[] }) =>
      payoutRunSchema.parse(
        await api.post<unknown>(`${runPath(v.id)}/mark-paid`, { valueDate: v.valueDate, ...(v.failedLineIds.length ? { failedLineIds: v.failedLineIds } : {}) }),
      ),
    onSuccess: (run) => {
      client.setQueryData(payoutKeys.run(run.id), run);
      toast({
        variant: 'success',
        title: `Payout run ${run.reference} marked paid`,
        description: run.failedCount
          ? `${run.failedCount} failed ${run.failedCount === 1 ? 'payment stays' : 'payments stay'} owed for the next run.`
          : 'Each partner is sent their statement.',
      });
    },
    onError: failed('Could not mark the payout run paid', 'Please try again.'),
    // its commissions are now paid: the tracker, the commission list and the partner totals follow
    onSettled: () => changed(client, ['payouts', 'commission']),
  });
}
