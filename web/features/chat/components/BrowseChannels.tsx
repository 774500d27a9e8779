import { Compass, Hash, LogIn } from 'lucide-react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useDiscoverChannels, useJoinChannel } from '../api/chat.ts';

/** The public groups the member has not joined yet, each with Join. */
export function BrowseChannels() {
  const channels = useDiscoverChannels();
  const join = useJoinChannel();
  const navigate = useNavigate();
  return (
    <QueryState
      query={channels}
      what="public channels"
      loading={<SkeletonRows count={4} rowClassName="h-20 rounded-lg" className="p-3" label="Loading public channels" />}
      isEmpty={(d) => d.items.length === 0}
      empty={<EmptyState icon={Compass} title="You’re in every public channel" text="New public channels will show up here." />}
    >
      {(data) => (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 p-3" aria-label="Public channels">
          {data.items.map((c) => {
            const joining = join.isPending && join.variables === c.id;
            return (
              <li key={c.id} className="rounded-lg border border-border bg-card p-3">
                <div className="flex items-start gap-3">
                  <span aria-hidden className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Hash className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{c.name}</p>
                    <p className="text-xs text-muted-foreground">{c.memberCount === 1 ? '1 member' : `${c.memberCount} members`}</p>
                    {c.description && <p className="mt-1 line-clamp-2 text-[13px] text-muted-foreground">{c.description}</p>}
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={join.isPending}
                    aria-label={`Join ${c.name}`}
                    onClick={() =>
                      join.mutate(c.id, {
                        onSuccess: () => {
                          toast({ variant: 'success', title: 'Joined', description: `You joined ${c.name}.` });
                          void navigate(`/chat/${c.id}`);
                        },
                        onError: (e) => toast({ variant: 'destructive', title: 'Could not join', description: errorDetail(e, 'Please try again.') }),
                      })
                    }
                  >
                    {joining ? <Spinner className="size-4" label="Joining" /> : <LogIn aria-hidden />} Join
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
