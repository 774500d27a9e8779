import { Crown } from 'lucide-react';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { roleLabel } from '../../lib/auth.ts';
import { cn } from '../../lib/utils.ts';

/** Who is signed in, with their role label ('Administrator' or 'Partner'). */
export function UserCard({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  if (compact) {
    return (
      <div className="flex justify-center" title={`${name} · ${roleLabel(user.role)}`}>
        <UserAvatar person={user} className="size-10" pictureSize={64} />
        <span className="sr-only">
          {name}, {roleLabel(user.role)}
        </span>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-lg bg-muted/70 p-3">
      <UserAvatar person={user} className="size-10" pictureSize={64} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className={cn('flex items-center gap-1 text-xs text-muted-foreground')}>
          {roleLabel(user.role)}
          {user.membershipTier === 'cp-plus' && (
            <span className="inline-flex items-center gap-0.5 rounded-full bg-gold px-1.5 text-[10px] font-semibold text-gold-foreground">
              <Crown className="size-2.5" aria-hidden /> CP+
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
