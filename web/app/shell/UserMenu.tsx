import { Bell, ChevronDown, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../lib/auth.ts';

/** The header's user menu: Profile Settings, Notifications, Admin Panel (admins) and Sign Out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${fullName}`}
        className="flex cursor-pointer items-center gap-2 rounded-full py-1 pl-1 pr-2 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent"
      >
        <UserAvatar person={user} className="size-8" pictureSize={64} />
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.firstName}</span>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-medium">{fullName}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile-settings')}>
          <Settings aria-hidden /> Profile Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/notifications')}>
          <Bell aria-hidden /> Notifications
        </DropdownMenuItem>
        {user.can.adminPanel && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden /> Admin Panel
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}>
          <LogOut aria-hidden /> {logout.isPending ? 'Signing out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
