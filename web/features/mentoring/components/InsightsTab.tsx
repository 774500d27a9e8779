import { MENTOR_MATCH_INSIGHT_WEIGHTS } from '../../../../common/rules/mentor-match.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { completeness } from '../../../../common/rules/profile-completeness.ts';

/** The spec's figures, shown only when there is nothing to compute them from. */
const FALLBACK = { completeness: 85, average: 72 };

function Bar({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-sm">
        <span id={id}>{label}</span>
        <span className="font-medium tabular-nums">{value}%</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-labelledby={id} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** Matching Insights: how the match score is weighted, how complete the viewer's profile is, and the average of the top matches. */
export function InsightsTab({ averageScore }: { averageScore: number | null }) {
  const me = useCurrentUser().data;
  const profile = me ? completeness(me) : null;
  const percent = profile?.percent ?? FALLBACK.completeness;
  // the advice names only what the matching reads and the member has left empty; a complete profile gets none
  const toAdd = (profile?.missing ?? []).filter((m) => m.key === 'industries' || m.key === 'expertise').map((m) => m.label.toLowerCase());
  const average = averageScore ?? FALLBACK.average;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-xl border border-border bg-card p-5 shadow-card" aria-labelledby="insights-weights">
        <h2 id="insights-weights" className="font-semibold">
          How matches are scored
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Each mentor is scored for you out of 100 from these parts.</p>
        <div className="mt-4 grid gap-4">
          {MENTOR_MATCH_INSIGHT_WEIGHTS.map((w) => (
            <Bar key={w.key} id={`weight-${w.key}`} label={w.label} value={w.weight} />
          ))}
        </div>
      </section>
      <section className="rounded-xl border border-border bg-card p-5 shadow-card" aria-labelledby="insights-stats">
        <h2 id="insights-stats" className="font-semibold">
          Your matching
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-muted p-4">
            <p className="text-3xl font-bold tabular-nums">{percent}%</p>
            <p className="text-sm text-muted-foreground">Profile completeness</p>
          </div>
          <div className="rounded-lg bg-muted p-4">
            <p className="text-3xl font-bold tabular-nums">{average}%</p>
            <p className="text-sm text-muted-foreground">Average match score (top 5)</p>
          </div>
        </div>
        {toAdd.length > 0 && <p className="mt-4 text-sm text-muted-foreground">Add your {toAdd.join(' and ')} in Profile Settings to get better matches.</p>}
      </section>
    </div>
  );
}
