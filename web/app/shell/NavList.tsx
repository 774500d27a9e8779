import { NavLink, useLocation } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { useChatUnreadTotal } from '../../features/chat/index.ts';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/utils.ts';
import { isActive, SIDEBAR_ITEMS } from './nav.ts';

/** Every navigation link for this user; when `compact`, icons only with the name in a tooltip. */
export function NavList({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const { pathname } = useLocation();
  const items = SIDEBAR_ITEMS.filter((i) => !i.adminOnly || user.can.adminPanel);
  // an administrator still to turn on two-factor sign-in reaches nothing else, chat included
  const unread = useChatUnreadTotal(!user.twoFactorSetupRequired);
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActive(item, pathname);
        const Icon = item.icon;
        const link = (
          <NavLink
            to={item.to}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'group flex items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              compact ? 'mx-auto size-11 justify-center' : 'px-3 py-2.5',
              active ? 'bg-primary text-primary-foreground shadow-sm' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            <span className="relative shrink-0">
              <Icon className="size-[18px]" aria-hidden />
              {item.chatUnread && unread > 0 && compact && <span aria-hidden className="absolute -right-1 -top-1 size-2 rounded-full bg-destructive ring-2 ring-card" />}
            </span>
            <span className={compact ? 'sr-only' : 'truncate'}>{item.label}</span>
            {item.chatUnread && unread > 0 && (
              <>
                {!compact && (
                  <span
                    aria-hidden
                    className={cn(
                      'ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] font-semibold tabular-nums',
                      active ? 'bg-primary-foreground text-primary' : 'bg-primary text-primary-foreground',
                    )}
                  >
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
                <span className="sr-only">, {unread === 1 ? '1 unread message' : `${unread} unread messages`}</span>
              </>
            )}
          </NavLink>
        );
        return (
          <li key={item.to}>
            {compact ? (
              <Tooltip>
                <TooltipTrigger asChild>{link}</TooltipTrigger>
                <TooltipContent side="right">{item.label}</TooltipContent>
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
