import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { ChatChannel } from '../../../../common/schemas/chat.ts';
import type { DirectoryPage } from '../../../../common/schemas/community.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { PresenceDot } from '../../presence/index.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useChannelMembers, useInviteToChannel } from '../api/chat.ts';
import { personName } from '../lib/display.ts';

/** A channel's members with their roles; the owners of a private channel invite members found in the directory. */
export function MembersSheet({ channel, meId, open, onOpenChange }: { channel: ChatChannel; meId: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const members = useChannelMembers(channel.id, open);
  const inChannel = new Set(members.data?.items.map((m) => m.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] max-w-md grid-rows-[auto_1fr] overflow-hidden">
        <DialogHeader>
          <DialogTitle>Members of {channel.name}</DialogTitle>
          <DialogDescription>{channel.memberCount === 1 ? '1 member' : `${channel.memberCount} members`}</DialogDescription>
        </DialogHeader>
        <div className="-mx-1 min-h-0 overflow-y-auto px-1">
          {channel.can.invite && <InviteSearch channel={channel} inChannel={inChannel} />}
          {members.isPending ? (
            <SkeletonRows count={4} rowClassName="h-11 rounded-lg" label="Loading members" />
          ) : members.isError ? (
            <LoadErrorNotice boxed what="the members" error={members.error} onRetry={() => void members.refetch()} />
          ) : (
            <ul className="grid gap-1" aria-label="Members">
              {members.data.items.map((m) => (
                <li key={m.id} className="flex items-center gap-3 rounded-lg px-1 py-1.5">
                  <span className="relative shrink-0">
                    <UserAvatar person={m} pictureSize={64} className="size-9" />
                    <PresenceDot userId={m.id} className="size-2.5" />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">
                    {personName(m)}
                    {m.id === meId && <span className="font-normal text-muted-foreground"> (you)</span>}
                  </span>
                  {m.role === 'owner' && <Badge variant="secondary">Owner</Badge>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function InviteSearch({ channel, inChannel }: { channel: ChatChannel; inChannel: Set<string> }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const invite = useInviteToChannel(channel.id);
  const results = useQuery({
    queryKey: ['/api/members', { search: term, page: 1, pageSize: 6, for: 'chat-invite' }],
    queryFn: () => api.get<DirectoryPage>(withQuery('/api/members', { search: term, page: 1, pageSize: 6 })),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="invite-heading" className="mb-4 rounded-lg border border-border p-3">
      <h3 id="invite-heading" className="flex items-center gap-2 text-sm font-semibold">
        <UserPlus className="size-4" aria-hidden /> Invite a member
      </h3>
      <Label htmlFor="invite-search" className="sr-only">
        Search members by name
      </Label>
      <div className="relative mt-2">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input id="invite-search" className="pl-9" placeholder="Search members by name" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      {term.length >= 2 && (
        <div className="mt-2">
          {results.isError ? (
            <LoadErrorNotice what="members" error={results.error} onRetry={() => void results.refetch()} />
          ) : !results.data ? (
            <SkeletonRows count={2} rowClassName="h-9 rounded-md" />
          ) : results.data.items.length === 0 ? (
            <p className="py-2 text-[13px] text-muted-foreground">No members match “{term}”.</p>
          ) : (
            <ul className="grid gap-1" aria-label="Members found">
              {results.data.items.map((u) => {
                const already = inChannel.has(u.id);
                const name = personName(u);
                return (
                  <li key={u.id} className="flex items-center gap-2.5 py-1">
                    <UserAvatar person={u} pictureSize={64} className="size-8" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{name}</span>
                      {(u.jobTitle || u.company) && (
                        <span className="block truncate text-xs text-muted-foreground">{[u.jobTitle, u.company].filter(Boolean).join(' at ')}</span>
                      )}
                    </span>
                    {already ? (
                      <span className="text-xs text-muted-foreground">In channel</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={invite.isPending}
                        aria-label={`Invite ${name}`}
                        onClick={() =>
                          invite.mutate(u.id, {
                            onSuccess: () => toast({ variant: 'success', title: 'Member added', description: `${name} can now read and write in ${channel.name}.` }),
                            onError: (e) => toast({ variant: 'destructive', title: 'Could not invite', description: errorDetail(e, 'Please try again.') }),
                          })
                        }
                      >
                        Invite
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
