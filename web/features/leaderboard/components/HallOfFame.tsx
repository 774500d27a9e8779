import { Calendar, Crown, Pencil, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { HallOfFameRecord } from '../../../../common/schemas/gamification.ts';
import { LoadErrorBanner } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useHallOfFame } from '../api/leaderboard.ts';
import { formatRecordValue } from '../lib/board.ts';
import { EditRecordDialog } from './EditRecordDialog.tsx';

function RecordCard({ record, onEdit }: { record: HallOfFameRecord; onEdit?: () => void }) {
  return (
    <Card className="relative flex h-full flex-col gap-1 overflow-hidden p-4 sm:p-5">
      <span aria-hidden className="absolute inset-x-0 top-0 h-1 bg-gold" />
      <div className="flex items-start justify-between gap-2">
        <p className="text-[13px] font-medium text-muted-foreground">{record.label}</p>
        {onEdit ? (
          <Button variant="ghost" size="icon-sm" className="-mr-2 -mt-2" onClick={onEdit} aria-label={`Edit ${record.label}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Trophy className="size-4 shrink-0 text-gold-deep" aria-hidden />
        )}
      </div>
      <p className="text-2xl font-semibold tabular-nums tracking-tight sm:text-[28px]">{formatRecordValue(record.value)}</p>
      <p className="mt-auto truncate text-xs text-muted-foreground">
        {record.holder ?? 'Published record'}
        {record.achievedIn && (
          <>
            {' · '}
            <Calendar className="inline size-3 align-[-1px]" aria-hidden /> {record.achievedIn}
          </>
        )}
      </p>
    </Card>
  );
}

/**
 * The hall of fame: four standing records the Chief Partners team publishes and keeps up to date (an admin edits one
 * in a dialog). They are entered, not calculated from the leads on this site, and the section says so.
 */
export function HallOfFame() {
  const records = useHallOfFame();
  const [editing, setEditing] = useState<HallOfFameRecord | null>(null);
  const data = records.data;
  return (
    <section aria-labelledby="hall-of-fame-heading">
      <h2 id="hall-of-fame-heading" className="mb-3 flex items-center gap-2 text-base font-semibold">
        <Crown className="size-5 text-gold-deep" aria-hidden /> Hall of Fame
      </h2>
      <p className="-mt-2 mb-3 text-sm text-muted-foreground">
        Records published by the Chief Partners team, entered by hand rather than calculated from the leads here.
      </p>
      {records.isError && !data ? (
        <LoadErrorBanner what="the hall of fame" error={records.error} onRetry={() => void records.refetch()} />
      ) : (
        <ul aria-label="Hall of fame records" aria-busy={records.isLoading || undefined} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {data
            ? data.items.map((r) => (
                <li key={r.id}>
                  <RecordCard record={r} onEdit={data.can.edit ? () => setEditing(r) : undefined} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <Card className="grid gap-3 p-4 sm:p-5">
                    <Skeleton className="h-4 w-24" />
                    <Skeleton className="h-8 w-28" />
                    <Skeleton className="h-3 w-20" />
                  </Card>
                </li>
              ))}
        </ul>
      )}
      <EditRecordDialog record={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </section>
  );
}
