import { Crown, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { fullName } from './UserActions.tsx';
import { RoleLabel, StatusBadge } from './UserBadges.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

/** Everything User Management knows about one user (read-only). */
export function UserDetailsDialog({ user, isSelf, onOpenChange }: { user: AdminUser | null; isSelf: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!user} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {user && (
          <>
            <DialogHeader>
              <div className="flex items-center gap-3">
                <UserAvatar person={user} className="size-12 text-base" />
                <div className="min-w-0">
                  <DialogTitle className="flex flex-wrap items-center gap-2">
                    {fullName(user)}
                    {isSelf && <Badge variant="secondary">You</Badge>}
                  </DialogTitle>
                  <DialogDescription>{[user.jobTitle, user.company].filter(Boolean).join(' at ') || 'No company given'}</DialogDescription>
                </div>
              </div>
            </DialogHeader>
            <div className="flex flex-wrap gap-2">
              <StatusBadge user={user} />
              {user.membershipTier === 'cp-plus' && (
                <Badge variant="gold">
                  <Crown aria-hidden /> CP+ Member
                </Badge>
              )}
            </div>
            <dl className="grid grid-cols-1 gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
              <Item label="E-mail">{user.email}</Item>
              <Item label="Username">{user.username}</Item>
              <Item label="Role">
                <RoleLabel role={user.role} />
              </Item>
              <Item label="Phone">{user.phoneNumber}</Item>
              <Item label="Company">{user.company}</Item>
              <Item label="Job title">{user.jobTitle}</Item>
              <Item label="Location">{user.location}</Item>
              <Item label="Joined">{formatDate(user.createdAt)}</Item>
              <Item label="Approved">{user.approvedAt ? formatDate(user.approvedAt) : null}</Item>
            </dl>
            <dl className="grid grid-cols-3 gap-3">
              {[
                { label: 'Leads', value: user.totalLeads.toLocaleString('en-GB') },
                { label: 'Successful', value: user.successfulLeads.toLocaleString('en-GB') },
                { label: 'Commission', value: formatGBP(user.totalCommission, 2) },
              ].map((f) => (
                <div key={f.label} className="flex flex-col-reverse rounded-lg bg-muted px-3 py-2.5">
                  <dt className="text-xs text-muted-foreground">{f.label}</dt>
                  <dd className="truncate text-base font-semibold tabular-nums sm:text-lg">{f.value}</dd>
                </div>
              ))}
            </dl>
            {!isSelf && (
              <DialogFooter>
                <Button asChild variant="outline">
                  <a href={`mailto:${user.email}`}>
                    <Mail aria-hidden /> E-mail {user.firstName}
                  </a>
                </Button>
              </DialogFooter>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
