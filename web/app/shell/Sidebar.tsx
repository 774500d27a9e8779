import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { UI } from '../../../common/constants/limits.ts';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { Button } from '../../components/ui/button.tsx';
import { NavList } from './NavList.tsx';
import { UserCard } from './UserCard.tsx';

/** The large-screen sidebar, 256 px wide or 80 px when collapsed. */
export function Sidebar({ user, collapsed, onToggle }: { user: CurrentUser; collapsed: boolean; onToggle: () => void }) {
  return (
    <aside
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-border bg-card transition-[width] duration-200 lg:flex"
      style={{ width: collapsed ? UI.sidebarNarrowPx : UI.sidebarWidePx }}
      data-collapsed={collapsed}
    >
      <div className="p-3">
        <UserCard user={user} compact={collapsed} />
      </div>
      <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-3 py-2">
        <NavList user={user} compact={collapsed} />
      </nav>
      <div className="border-t border-border p-3">
        <Button
          variant="ghost"
          size={collapsed ? 'icon' : 'default'}
          className={collapsed ? 'mx-auto flex' : 'w-full justify-start text-muted-foreground'}
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        >
          {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          {!collapsed && <span>Collapse</span>}
        </Button>
      </div>
    </aside>
  );
}
