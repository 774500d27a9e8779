import { MessageSquareQuote, ThumbsUp } from 'lucide-react';
import type { UserEndorsements } from '../../../../../common/schemas/community.ts';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useUserEndorsements } from '../../api/progress.ts';

/** Display counts: the 3 most recent endorsements and the 3 most endorsed skills. */
const RECENT_SHOWN = 3;
const TOP_SKILLS_SHOWN = 3;

function TopSkills({ data }: { data: UserEndorsements }) {
  const top = data.topSkills.slice(0, TOP_SKILLS_SHOWN);
  const most = Math.max(1, ...top.map((s) => s.count));
  return (
    <section aria-labelledby="top-skills-heading">
      <h3 id="top-skills-heading" className="mb-2 text-sm font-semibold">
        Most endorsed skills
      </h3>
      {top.length ? (
        <ol className="grid gap-2.5">
          {top.map((s) => (
            <li key={s.skillName} className="grid gap-1">
              <p className="flex items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 break-words font-medium">{s.skillName}</span>
                <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                  {s.count} {s.count === 1 ? 'endorsement' : 'endorsements'}
                </span>
              </p>
              <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-muted">
                <div className="h-full rounded-full bg-success" style={{ width: `${Math.round((s.count / most) * 100)}%` }} />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No skill endorsed yet.</p>
      )}
    </section>
  );
}

function Recent({ data }: { data: UserEndorsements }) {
  const recent = data.recent.slice(0, RECENT_SHOWN);
  return (
    <section aria-labelledby="recent-endorsements-heading">
      <h3 id="recent-endorsements-heading" className="mb-2 text-sm font-semibold">
        Recent endorsements
      </h3>
      {recent.length ? (
        <ul className="grid gap-3">
          {recent.map((e) => (
            <li key={e.id} className="flex items-start gap-3">
              <UserAvatar person={e.endorser} className="size-8" />
              <div className="min-w-0 flex-1 text-sm">
                <p>
                  <span className="font-medium">
                    {e.endorser.firstName} {e.endorser.lastName}
                  </span>{' '}
                  <span className="text-muted-foreground">endorsed</span> <span className="font-medium">{e.skillName}</span>
                </p>
                {e.message && <p className="mt-0.5 break-words text-muted-foreground italic">“{e.message}”</p>}
                <p className="text-xs tabular-nums text-muted-foreground">{formatDate(e.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No endorsements yet.</p>
      )}
    </section>
  );
}

/** The member's endorsements: the 3 most recent and the 3 most endorsed skills. */
export function EndorsementsCard({ userId }: { userId?: string }) {
  const endorsements = useUserEndorsements(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ThumbsUp className="size-5 text-muted-foreground" aria-hidden /> Endorsements
        </CardTitle>
        <CardDescription>
          {endorsements.data
            ? `${endorsements.data.total} ${endorsements.data.total === 1 ? 'endorsement' : 'endorsements'} of your skills`
            : 'What members vouch for you for.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={endorsements}
          what="your endorsements"
          framed
          error={(retry) => <LoadErrorNotice boxed what="your endorsements" error={endorsements.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={4} rowClassName="h-10 w-full" label="Loading your endorsements" />}
          isEmpty={(d) => d.total === 0}
          empty={
            <EmptyState
              framed
              icon={MessageSquareQuote}
              title="No endorsements yet"
              text="Add your areas of expertise to your profile so connections can endorse them."
            />
          }
        >
          {(d) => (
            <div className="grid gap-6">
              <TopSkills data={d} />
              <Recent data={d} />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
