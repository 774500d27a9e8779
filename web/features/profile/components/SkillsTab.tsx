import { Award, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { skillRows, useUserEndorsements } from '../../community/index.ts';

/** Skills & Endorsements: the owner's own areas of expertise, each with how many members endorsed it. */
export function SkillsTab({ user, onEditProfile }: { user: CurrentUser; onEditProfile: () => void }) {
  const query = useUserEndorsements(user.id);
  const data = query.data;
  const rows = skillRows(user.expertise, data);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Award className="size-4" aria-hidden /> Skills &amp; Endorsements
        </CardTitle>
        <CardDescription>
          Your areas of expertise as members see them, with the endorsements fellow members gave you.
          {data && (
            <>
              {' '}
              {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'endorsement' : 'endorsements'} in total.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError && !data ? (
          <LoadErrorNotice boxed what="endorsements" error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <SkeletonRows count={3} rowClassName="h-11 rounded-lg" label="Loading endorsements" />
        ) : rows.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            <p>You have not listed any areas of expertise yet.</p>
            <button type="button" onClick={onEditProfile} className="mt-2 cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
              Add them in Profile Information
            </button>
          </div>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {rows.map((r) => (
              <li key={r.skillName} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2.5">
                <span className="min-w-0 truncate text-sm font-medium">{r.skillName}</span>
                <span className="inline-flex shrink-0 items-center gap-1 text-sm tabular-nums text-muted-foreground">
                  <ThumbsUp className="size-3.5" aria-hidden />
                  {r.count.toLocaleString('en-GB')}
                  <span className="sr-only">{r.count === 1 ? 'endorsement' : 'endorsements'}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-muted-foreground">
          See who endorsed you on{' '}
          <Link to="/community?tab=achievements" className="font-medium text-primary underline-offset-4 hover:underline">
            My Progress
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}
