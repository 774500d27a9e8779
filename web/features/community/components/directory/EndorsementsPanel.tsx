import { ThumbsUp, Trophy, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS } from '../../../../../common/constants/community.ts';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { SkeletonRows } from '../../../../components/query-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Field, fieldA11y } from '../../../../components/ui/field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useEndorseSkill, useRemoveEndorsement, useUserEndorsements } from '../../api/endorsements.ts';
import { skillRows } from '../../lib/skill-rows.ts';

const MESSAGE_MAX = COMMUNITY_LIMITS.endorsementMessage.max;

interface Endorsee {
  id: string;
  firstName: string;
  lastName: string;
  expertise: string[];
}

/**
 * A member's skill endorsements in their profile: the top 3 skills, every listed skill with its count and
 * Endorse (with an optional note of up to 250 characters) or "Remove my endorsement", and the 3 most recent
 * endorsements. Members cannot endorse their own skills.
 */
export function EndorsementsPanel({ member, isSelf }: { member: Endorsee; isSelf: boolean }) {
  const query = useUserEndorsements(member.id);
  const endorse = useEndorseSkill();
  const remove = useRemoveEndorsement();
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const id = useId();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const data = query.data;
  const rows = skillRows(member.expertise, data);

  const submit = (e: FormEvent, skillName: string) => {
    e.preventDefault();
    if (endorse.isPending) return;
    endorse.mutate(
      { endorseeId: member.id, skillName, message: message.trim() || undefined, name },
      {
        onSuccess: () => {
          setEditing(null);
          setMessage('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 border-t border-border pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
          <ThumbsUp className="size-4 text-primary" aria-hidden /> Skill endorsements
        </h3>
        {data && (
          <span className="text-sm text-muted-foreground tabular-nums">
            {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'endorsement' : 'endorsements'}
          </span>
        )}
      </div>

      {query.isError && !data ? (
        <LoadErrorNotice boxed what="endorsements" error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <SkeletonRows count={3} rowClassName="h-11 rounded-lg" label="Loading endorsements" />
      ) : (
        <>
          {data.topSkills.length > 0 && (
            <div>
              <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Most endorsed skills</h4>
              <ol className="mt-2 flex flex-wrap gap-2">
                {data.topSkills.slice(0, 3).map((s, i) => (
                  <li
                    key={s.skillName}
                    className="inline-flex items-center gap-1.5 rounded-full border border-gold-deep/25 bg-gold px-3 py-1 text-xs font-medium text-gold-foreground"
                  >
                    <Trophy className="size-3.5" aria-hidden />
                    <span className="sr-only">{`Number ${i + 1}:`}</span>
                    {s.skillName}
                    <span className="tabular-nums opacity-80">· {s.count}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}

          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Skills</h4>
            {rows.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                {isSelf ? 'You have not listed any skills yet.' : `${member.firstName} has not listed any skills yet.`}
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                {rows.map((r) => {
                  const removing = remove.isPending && remove.variables?.skillName === r.skillName;
                  const open = editing === r.skillName;
                  const formId = `${id}-${r.skillName.replace(/\W+/g, '-')}`;
                  return (
                    <li key={r.skillName} className="px-3 py-2.5">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                        <div className="min-w-40 flex-1">
                          <p className="break-words text-sm font-medium">{r.skillName}</p>
                          <p className="text-xs text-muted-foreground tabular-nums">
                            {r.count === 1 ? '1 endorsement' : `${r.count.toLocaleString('en-GB')} endorsements`}
                            {r.myEndorsementId && ' · including yours'}
                          </p>
                        </div>
                        {!isSelf &&
                          (r.myEndorsementId ? (
                            <Button
                              size="sm"
                              variant="ghost"
                              disabled={remove.isPending}
                              onClick={() => remove.mutate({ id: r.myEndorsementId!, endorseeId: member.id, skillName: r.skillName })}
                              aria-label={`Remove my endorsement of ${r.skillName}`}
                            >
                              {removing ? <Spinner className="size-4" label="Removing" /> : <X aria-hidden />}
                              Remove my endorsement
                            </Button>
                          ) : (
                            !open && (
                              <Button
                                size="sm"
                                variant="outline"
                                onClick={() => {
                                  setEditing(r.skillName);
                                  setMessage('');
                                }}
                                aria-label={`Endorse ${name} for ${r.skillName}`}
                              >
                                <ThumbsUp aria-hidden /> Endorse
                              </Button>
                            )
                          ))}
                      </div>
                      {open && (
                        <form onSubmit={(e) => submit(e, r.skillName)} className="mt-3 grid gap-3" aria-label={`Endorse ${r.skillName}`}>
                          <Field id={formId} label="Add a note" optional hint={`${message.length}/${MESSAGE_MAX}`}>
                            <Textarea
                              {...fieldA11y(formId, undefined, true)}
                              // the form opens on the member's request, so its one field takes the focus
                              // eslint-disable-next-line jsx-a11y/no-autofocus
                              autoFocus
                              rows={2}
                              maxLength={MESSAGE_MAX}
                              value={message}
                              onChange={(e) => setMessage(e.target.value)}
                              placeholder={`What makes ${member.firstName} good at ${r.skillName}?`}
                            />
                          </Field>
                          <div className="flex flex-wrap justify-end gap-2">
                            <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={endorse.isPending}>
                              Cancel
                            </Button>
                            <Button size="sm" type="submit" disabled={endorse.isPending}>
                              {endorse.isPending ? <Spinner className="size-4 text-primary-foreground" label="Endorsing" /> : <ThumbsUp aria-hidden />}
                              Endorse
                            </Button>
                          </div>
                        </form>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {isSelf && rows.length > 0 && <p className="mt-2 text-xs text-muted-foreground">You cannot endorse your own skills.</p>}
          </div>

          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Recent endorsements</h4>
            {data.recent.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No endorsements yet.</p>
            ) : (
              <ul className="mt-2 grid gap-3">
                {data.recent.slice(0, 3).map((e) => (
                  <li key={e.id} className="flex items-start gap-3">
                    <UserAvatar person={e.endorser} className="size-8 text-xs" />
                    <div className="min-w-0 text-sm">
                      <p>
                        <span className="font-medium">{`${e.endorser.firstName} ${e.endorser.lastName}`.trim()}</span>
                        <span className="text-muted-foreground"> endorsed </span>
                        <span className="font-medium">{e.skillName}</span>
                      </p>
                      {e.message && <p className="mt-0.5 whitespace-pre-line break-words text-foreground/85">“{e.message}”</p>}
                      <p className="mt-0.5 text-xs text-muted-foreground">{formatDate(e.createdAt)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
