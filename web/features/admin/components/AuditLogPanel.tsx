import { ArrowRight, Download, FilterX, RefreshCw, ScrollText, Search, SearchX, X } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ENTITIES } from '../../../../common/audit/index.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { auditCsvUrl, useAuditActors, useAuditLog, type AuditEntry } from '../api/admin.ts';
import type { AuditFilter } from '../api/keys.ts';
import { actionSentence, AUDIT_ACTION_GROUPS, describeChanges, entityLabel } from '../lib/audit-format.ts';

const PAGE_SIZE = 25;

function Entry({ e }: { e: AuditEntry }) {
  const changes = describeChanges(e.before, e.after, e.entityType);
  return (
    <li className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">{e.actorName ?? 'A former admin'}</span> {actionSentence(e.action)}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <Badge variant="outline" className="px-2 py-0 text-[11px] font-normal">
            {entityLabel(e.entityType)}
          </Badge>
          {e.entityLabel ? (
            <span className="font-medium text-foreground" title={e.entityId ?? undefined}>
              {e.entityLabel}
            </span>
          ) : (
            e.entityId && (
              <span className="font-mono" title={e.entityId}>
                #{e.entityId.slice(0, 8)}
              </span>
            )
          )}
        </p>
        {changes.length > 0 && (
          <ul className="mt-2 grid gap-1">
            {changes.map((c) => (
              <li key={c.key} className="flex flex-wrap items-baseline gap-x-1.5 text-[13px]">
                <span className="text-muted-foreground">{c.label}:</span>
                {c.before !== null && c.after !== null ? (
                  <>
                    <span className="sr-only">from</span>
                    <span className="break-all text-muted-foreground">{c.before}</span>
                    <ArrowRight className="size-3.5 shrink-0 self-center text-muted-foreground" aria-hidden />
                    <span className="sr-only">to</span>
                    <span className="break-all font-medium">{c.after}</span>
                  </>
                ) : c.after !== null ? (
                  <span className="break-all font-medium">{c.after}</span>
                ) : (
                  <span className="break-all">
                    {c.before} <span className="text-muted-foreground">(removed)</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <time dateTime={e.createdAt} className="shrink-0 text-xs tabular-nums text-muted-foreground sm:pt-0.5 sm:text-right">
        {formatDateTime(e.createdAt)}
      </time>
    </li>
  );
}

/** The select's value for "no filter" (a Radix select item cannot have an empty value). */
const ANY = 'any';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTIONS = new Set(AUDIT_ACTION_GROUPS.flatMap((g) => g.actions.map((a) => a.value)));
const ENTITY_TYPES = Object.entries(AUDIT_ENTITIES as Record<string, string>).sort((a, b) => a[1].localeCompare(b[1]));

/**
 * The filters as the address holds them (`?tab=audit&action=lead.update&entity=lead&actor=…&from=…&to=…&q=…`), so a
 * filtered log survives a reload and can be linked to; a value the log does not know is read as no filter.
 */
function filterFrom(params: URLSearchParams): AuditFilter {
  const get = (name: string) => params.get(name) ?? '';
  const action = get('action');
  const entityType = get('entity');
  const actorId = get('actor');
  const from = get('from');
  const to = get('to');
  return {
    action: ACTIONS.has(action) ? action : '',
    entityType: entityType in AUDIT_ENTITIES ? entityType : '',
    actorId: /^[0-9a-f-]{36}$/i.test(actorId) ? actorId : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    search: get('q').trim().slice(0, 100),
  };
}

const PARAM_OF: Record<keyof AuditFilter, string> = { action: 'action', entityType: 'entity', actorId: 'actor', from: 'from', to: 'to', search: 'q' };

/** An action filter's list, grouped by the records each feature audits. */
function ActionSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <Select value={value || ANY} onValueChange={(v) => onChange(v === ANY ? '' : v)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-[min(24rem,var(--radix-select-content-available-height))] overflow-y-auto">
        <SelectItem value={ANY}>All actions</SelectItem>
        {AUDIT_ACTION_GROUPS.map((g) => (
          <SelectPrimitive.Group key={g.label}>
            <SelectPrimitive.Label className="px-2 pb-1 pt-2.5 text-xs font-semibold text-muted-foreground">{g.label}</SelectPrimitive.Label>
            {g.actions.map((a) => (
              <SelectItem key={a.value} value={a.value}>
                {a.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Group>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Audit Log: every admin action with who, what, when (en-GB) and before → after, newest first; filtered by action,
 * record type, actor and days, searched by the actor's or the record's name, the filters in the address, and the
 * entries they keep downloadable as CSV.
 */
export function AuditLogPanel({ active }: { active: boolean }) {
  const [params, setParams] = useSearchParams();
  const typed = filterFrom(params);
  // the search box's text is in the address as typed, and asked of the server once settled for 300 ms
  const query = params.get('q') ?? '';
  const filter: AuditFilter = { ...typed, search: useDebouncedValue(typed.search, 300) };
  const rangeError = filter.from && filter.to && filter.from > filter.to ? 'The start date must be on or before the end date' : '';
  const filtered = Object.values(filter).some(Boolean);

  const setFilter = (patch: Partial<AuditFilter>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch) as [keyof AuditFilter, string][]) {
          if (v) next.set(PARAM_OF[k], v);
          else next.delete(PARAM_OF[k]);
        }
        return next;
      },
      { replace: true },
    );
  const setQuery = (search: string) => setFilter({ search });
  const clear = () => setFilter({ action: '', entityType: '', actorId: '', from: '', to: '', search: '' });

  const [position, turnTo] = usePositionFor(`audit-log:${JSON.stringify(filter)}`);
  const { page } = position;
  const log = useAuditLog(filter, position, PAGE_SIZE, active && !rangeError);
  const actors = useAuditActors(active);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, log.isPlaceholderData ? undefined : log.data);
  const ids = { search: useId(), action: useId(), entity: useId(), actor: useId(), from: useId(), to: useId(), range: useId() };

  return (
    <Card>
      <CardHeader className="gap-4 space-y-0 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>Application decisions and checks, lead changes, user activation and removal, and commission payments.</CardDescription>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button asChild variant="outline" size="sm">
            <a
              href={auditCsvUrl(filter)}
              download
              aria-disabled={!!rangeError || undefined}
              className={rangeError ? 'pointer-events-none opacity-55' : undefined}
              onClick={(e) => rangeError && e.preventDefault()}
            >
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching || !!rangeError}>
            <RefreshCw className={log.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent
        className="grid grid-cols-2 gap-3 px-4 pb-4 sm:px-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]"
        role="search"
        aria-label="Filter the audit log"
      >
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor={ids.search}>Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={ids.search}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="A name or company"
              className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
              maxLength={100}
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </div>
        </div>
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor={ids.action}>Action</Label>
          <ActionSelect id={ids.action} value={filter.action} onChange={(action) => setFilter({ action })} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={ids.entity}>Record type</Label>
          <Select value={filter.entityType || ANY} onValueChange={(v) => setFilter({ entityType: v === ANY ? '' : v })}>
            <SelectTrigger id={ids.entity}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>All records</SelectItem>
              {ENTITY_TYPES.map(([type, label]) => (
                <SelectItem key={type} value={type}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={ids.actor}>Administrator</Label>
          <Select value={filter.actorId || ANY} onValueChange={(v) => setFilter({ actorId: v === ANY ? '' : v })}>
            <SelectTrigger id={ids.actor}>
              <SelectValue placeholder="Anyone" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Anyone</SelectItem>
              {/* a linked actor shows by name once the list has arrived */}
              {filter.actorId && !actors.data?.items.some((a) => a.id === filter.actorId) && <SelectItem value={filter.actorId}>Chosen administrator</SelectItem>}
              {(actors.data?.items ?? []).map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={ids.from}>From</Label>
          <Input id={ids.from} type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => setFilter({ from: e.target.value })} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={ids.to}>To</Label>
          <Input
            id={ids.to}
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(e) => setFilter({ to: e.target.value })}
            aria-invalid={!!rangeError || undefined}
            aria-describedby={rangeError ? ids.range : undefined}
          />
        </div>
        {rangeError && (
          <p id={ids.range} role="alert" className="col-span-2 text-sm text-destructive lg:col-span-4">
            {rangeError}
          </p>
        )}
        <div className="col-span-2 flex items-end">
          <Button variant="ghost" onClick={clear} disabled={!filtered && !query} className="w-full sm:w-auto">
            <FilterX aria-hidden /> Clear filters
          </Button>
        </div>
      </CardContent>
      <CardContent className="px-4 sm:px-6" aria-busy={log.isFetching || undefined}>
        {rangeError ? null : (
          <QueryState
            query={log}
            what="the audit log"
            loading={<SkeletonRows count={5} rowClassName="h-16 w-full" />}
            isEmpty={(p) => !p.items.length}
            empty={
              filtered && page === 1 ? (
                <EmptyState
                  icon={SearchX}
                  title="No entries match these filters"
                  text="Try another action, administrator or range of days, or clear the filters to see every entry."
                  action={
                    <Button variant="outline" onClick={clear}>
                      <FilterX aria-hidden /> Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={ScrollText}
                  title={page > 1 ? 'No older entries' : 'Nothing recorded yet'}
                  text="Admin actions will be listed here as they happen."
                  action={
                    page > 1 && (
                      <Button variant="outline" onClick={() => setPage(1)}>
                        Back to the newest
                      </Button>
                    )
                  }
                />
              )
            }
          >
            {(p) => (
              <>
                <ol className="divide-y divide-border rounded-lg border border-border">
                  {p.items.map((e) => (
                    <Entry key={e.id} e={e} />
                  ))}
                </ol>
                <Pager
                  label="Audit log pages"
                  page={page}
                  summary={`Page ${page} of ${Math.max(1, Math.ceil(p.total / PAGE_SIZE))} · ${p.total} ${filtered ? 'matching ' : ''}${p.total === 1 ? 'entry' : 'entries'}`}
                  hasNext={page * PAGE_SIZE < p.total}
                  onPage={setPage}
                  busy={log.isFetching}
                  className="mt-4"
                />
              </>
            )}
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}
