import { Download, FileArchive } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { DataExport } from '../../../../common/schemas/account.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDataExports, useRequestExport } from '../api/account.ts';

const STATUS_TEXT: Record<DataExport['status'], string> = { pending: 'Preparing', ready: 'Ready', failed: 'Failed', expired: 'Expired' };
const STATUS_VARIANT = { pending: 'warning', ready: 'success', failed: 'destructive', expired: 'outline' } as const;

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Opens the download of the export a link named (?export=<id>, from the e-mail or the notification) once it is
 * ready, then drops the parameter; an expired or failed one is explained instead.
 */
function useLinkedDownload(items: DataExport[] | undefined) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('export');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !items || handled.current === wanted) return;
    const found = items.find((e) => e.id === wanted);
    if (found?.status === 'pending') return;
    handled.current = wanted;
    if (found?.status === 'ready' && found.downloadUrl) window.location.assign(found.downloadUrl);
    else toast({ variant: 'destructive', title: 'Download unavailable', description: 'This export has expired or is no longer available. Please request a new one.' });
    const next = new URLSearchParams(params);
    next.delete('export');
    setParams(next, { replace: true });
  }, [wanted, items, params, setParams]);
}

/** Data Export: request a ZIP of everything the member owns, watch it being prepared, download it for 24 hours. */
export function DataExportCard() {
  const list = useDataExports();
  const start = useRequestExport();
  useLinkedDownload(list.data?.items);
  const items = list.data?.items ?? [];
  const preparing = items.some((e) => e.status === 'pending') || start.isPending;
  const remaining = list.data?.remainingToday ?? 0;

  const request = () =>
    start.mutate(undefined, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: 'Data export requested',
          description: 'We are preparing your data. You will receive an email with download instructions shortly.',
        }),
      onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to start your data export. Please try again.') }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Download className="size-4" aria-hidden /> Data Export
        </CardTitle>
        <CardDescription>
          Download a copy of everything you keep here: your profile, leads with their timelines, commissions, posts, endorsements, connections, mentoring, events, points,
          notifications and uploaded files, as JSON in a ZIP file.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" aria-busy={list.isLoading || undefined}>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={request} disabled={preparing || !list.data || remaining === 0}>
            {preparing ? <Spinner label="Preparing" /> : <FileArchive aria-hidden />} {preparing ? 'Preparing your export…' : 'Export My Data'}
          </Button>
          {list.data && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {preparing
                ? 'This usually takes less than a minute. You can leave this page; we will e-mail you when it is ready.'
                : remaining === 0
                  ? 'You have reached today’s limit of exports. Please try again tomorrow.'
                  : `Each download link works for 24 hours. ${remaining} more ${remaining === 1 ? 'export' : 'exports'} available today.`}
            </p>
          )}
        </div>
        {list.isError ? (
          <LoadError what="your data exports" error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <div className="grid gap-2" aria-hidden>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : items.length > 0 ? (
          <ul className="grid gap-2" aria-label="Your data exports">
            {items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="grid gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium">Requested {formatDateTime(e.createdAt)}</span>
                    <Badge variant={STATUS_VARIANT[e.status]}>{STATUS_TEXT[e.status]}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {e.status === 'ready' && `${sizeText(e.sizeBytes)} · available until ${formatDateTime(e.expiresAt)}`}
                    {e.status === 'pending' && 'Being prepared…'}
                    {e.status === 'expired' && 'The download window has closed and the file was deleted.'}
                    {e.status === 'failed' && e.error}
                  </p>
                </div>
                {e.status === 'ready' && e.downloadUrl && (
                  <Button asChild variant="outline" size="sm">
                    <a href={e.downloadUrl} download>
                      <Download aria-hidden /> Download<span className="sr-only"> the export requested {formatDateTime(e.createdAt)}</span>
                    </a>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
