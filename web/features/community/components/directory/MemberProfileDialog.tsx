import { Award, CalendarDays, ExternalLink, Globe, Link2, MapPin, MessageSquare, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MemberProfile } from '../../../../../common/schemas/community.ts';
import { useNavigate } from 'react-router';
import { useOpenDirect } from '../../../chat/index.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { errorDetail } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.ts';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { PresenceDot } from '../../../presence/index.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useMemberProfile } from '../../api/directory.ts';
import { ConnectionBadge, ConnectionControls } from './ConnectionControls.tsx';
import { EndorsementsPanel } from './EndorsementsPanel.tsx';
import { TagList } from './TagList.tsx';

/** What the list already knows about a member, shown at once while their full profile loads. */
export interface ProfilePreview {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  profilePicture?: string | null;
}

/** Only http(s) links are followed; anything else is shown as text. */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A member's profile over the directory: who they are, their level, points and connections, industries and
 * expertise, links, the connection with the viewer and its actions, and their skill endorsements. Closed when
 * `preview` is null.
 */
export function MemberProfileDialog({ preview, meId, onClose }: { preview: ProfilePreview | null; meId: string | null; onClose: () => void }) {
  const profile = useMemberProfile(preview?.id ?? null);
  const p = profile.data && profile.data.id === preview?.id ? profile.data : null;
  const person = p ?? preview;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  const isSelf = !!preview && preview.id === meId;
  const role = person ? [person.jobTitle, person.company].filter(Boolean).join(' at ') : '';

  return (
    <Dialog open={!!preview} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl gap-5 p-5 sm:p-6">
        {person && (
          <>
            <DialogHeader>
              <div className="flex items-start gap-4">
                <div className="relative shrink-0">
                  <UserAvatar person={person} className="size-16 text-lg" />
                  <PresenceDot userId={person.id} className="size-3.5" />
                </div>
                <div className="min-w-0 flex-1">
                  <DialogTitle className="break-words">{name}</DialogTitle>
                  <DialogDescription className="mt-1">{role || 'Member'}</DialogDescription>
                  {p && (
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <ConnectionBadge connection={p.connection} isSelf={isSelf} />
                      {p.location && (
                        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                          <MapPin className="size-3.5" aria-hidden /> {p.location}
                        </span>
                      )}
                    </div>
                  )}
                </div>
              </div>
            </DialogHeader>

            {profile.isError && !p ? (
              <LoadErrorNotice boxed what="this profile" error={profile.error} onRetry={() => void profile.refetch()} />
            ) : !p ? (
              <ProfileSkeleton />
            ) : (
              <MemberProfileDetails profile={p} isSelf={isSelf} onLeave={onClose} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The body of a member's profile as other members see it, under its header: the actions on the connection, level,
 * points, connections, member since, about, industries and expertise, links and skill endorsements. Shared by
 * the directory's dialog and the member's own My Profile page.
 */
export function MemberProfileDetails({ profile: p, isSelf, onLeave }: { profile: MemberProfile; isSelf: boolean; onLeave?: () => void }) {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return (
    <>
      {!isSelf && (
        <div className="flex flex-wrap gap-2">
          {p.connection?.status === 'accepted' && <MessageButton userId={p.id} name={name} onOpened={onLeave ?? (() => undefined)} />}
          <ConnectionControls member={p} connection={p.connection} allowRemove />
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure icon={Award} label="Level" value={`${p.currentLevel} · ${p.levelName}`} />
        <Figure icon={Star} label="Points" value={p.totalPoints.toLocaleString('en-GB')} />
        <Figure icon={Users} label="Connections" value={p.connectionsCount.toLocaleString('en-GB')} />
        <Figure icon={CalendarDays} label="Member since" value={formatDate(p.memberSince)} />
      </dl>
      {p.bio && (
        <section aria-label="About">
          <h3 className="text-sm font-semibold">About</h3>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-foreground/85">{p.bio}</p>
        </section>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TagList label="Industries" tags={p.industries} />
        <TagList label="Expertise" tags={p.expertise} tone="primary" />
      </div>
      <Links linkedin={safeUrl(p.linkedinUrl)} website={safeUrl(p.website)} years={p.yearsExperience} />
      <EndorsementsPanel member={p} isSelf={isSelf} />
    </>
  );
}

/** Message: opens the direct conversation with a connected member (created the first time) and goes to it. */
function MessageButton({ userId, name, onOpened }: { userId: string; name: string; onOpened: () => void }) {
  const open = useOpenDirect();
  const navigate = useNavigate();
  return (
    <Button
      size="sm"
      disabled={open.isPending}
      aria-label={`Message ${name}`}
      onClick={() =>
        open.mutate(userId, {
          onSuccess: (channel) => {
            onOpened();
            void navigate(`/chat/${channel.id}`);
          },
          onError: (e) => toast({ variant: 'destructive', title: 'Could not open the conversation', description: errorDetail(e, 'Please try again.') }),
        })
      }
    >
      <MessageSquare aria-hidden /> {open.isPending ? 'Opening…' : 'Message'}
    </Button>
  );
}

function Figure({ icon: Icon, label, value }: { icon: typeof Award; label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-muted/40 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5" aria-hidden /> {label}
      </dt>
      <dd className="mt-0.5 truncate text-sm font-semibold" title={typeof value === 'string' ? value : undefined}>
        {value}
      </dd>
    </div>
  );
}

function Links({ linkedin, website, years }: { linkedin: string | null; website: string | null; years: number | null }) {
  if (!linkedin && !website && years === null) return null;
  const link = 'inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline';
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
      {years !== null && <span>{years === 1 ? '1 year' : `${years} years`} of experience</span>}
      {linkedin && (
        <a className={link} href={linkedin} target="_blank" rel="noopener noreferrer">
          <Link2 className="size-4" aria-hidden /> LinkedIn <ExternalLink className="size-3" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      {website && (
        <a className={link} href={website} target="_blank" rel="noopener noreferrer">
          <Globe className="size-4" aria-hidden /> Website <ExternalLink className="size-3" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy aria-label="Loading profile">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-24 rounded-lg" />
    </div>
  );
}
