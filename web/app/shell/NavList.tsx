import { NavLink, useLocation } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/utils.ts';
import { isActive, SIDEBAR_ITEMS } from './nav.ts';

/** Every navigation link for this user; when `compact`, icons only with the name in a tooltip. */
export function NavList({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const { pathname } = useLocation();
  const items = SIDEBAR_ITEMS.filter((i) => !i.adminOnly || user.can.adminPanel);
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
            <Icon className="size-[18px] shrink-0" aria-hidden />
            <span className={compact ? 'sr-only' : 'truncate'}>{item.label}</span>
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
