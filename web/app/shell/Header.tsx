import { Menu } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { NotificationBell } from '../../features/notifications/index.ts';
import { SearchLauncher } from '../../features/search/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSite } from '../../lib/site.ts';
import { cn } from '../../lib/utils.ts';
import { isActive, TOP_NAV_ITEMS } from './nav.ts';
import { UserMenu } from './UserMenu.tsx';

/** Top header: hamburger (small screens), logo to the dashboard, the five-item top navigation, search (Ctrl-K / ⌘-K), notifications bell, user menu. */
export function Header({ user, menuOpen, onOpenMenu }: { user: CurrentUser; menuOpen: boolean; onOpenMenu: () => void }) {
  const { brandName } = useSite();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="flex h-full items-center gap-3 px-3 sm:px-5">
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu" aria-expanded={menuOpen} aria-haspopup="dialog" onClick={onOpenMenu}>
          <Menu className="size-5!" aria-hidden />
        </Button>
        <Link to="/dashboard" className="flex min-w-0 items-center gap-2.5 rounded-lg py-1 pr-2 focus-visible:outline-2 focus-visible:outline-ring">
          <BrandMark />
          <span className="truncate text-[15px] font-semibold tracking-tight">{brandName}</span>
        </Link>

        <nav aria-label="Primary" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {TOP_NAV_ITEMS.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                      active ? 'bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                    )}
                  >
                    {item.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          {/* an administrator still to turn on two-factor sign-in reaches nothing else, notifications included */}
          {!user.twoFactorSetupRequired && <SearchLauncher can={user.can} />}
          {!user.twoFactorSetupRequired && <NotificationBell />}
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
