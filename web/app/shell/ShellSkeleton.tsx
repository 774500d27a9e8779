import { Menu } from 'lucide-react';
import { UI } from '../../../common/constants/limits.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSite } from '../../lib/site.ts';
import { readSidebarCollapsed } from './sidebar-flag.ts';

/**
 * The shell's outline while its chunk loads: the same header, sidebar (at its remembered width) and content
 * area as AppShell, so nothing moves when the real one replaces it.
 */
export function ShellSkeleton() {
  const { brandName } = useSite();
  const collapsed = readSidebarCollapsed();
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-40 h-16 border-b border-border bg-card/95">
        <div className="flex h-full items-center gap-3 px-3 sm:px-5">
          <div className="flex size-10 items-center justify-center lg:hidden">
            <Menu className="size-5" aria-hidden />
          </div>
          <div className="flex min-w-0 items-center gap-2.5 py-1 pr-2">
            <BrandMark />
            <span className="truncate text-[15px] font-semibold tracking-tight">{brandName}</span>
          </div>
          <div className="ml-auto flex items-center gap-2 py-1 pl-1 pr-2">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="hidden h-4 w-16 sm:block" />
          </div>
        </div>
      </header>
      <div className="flex">
        <aside
          className="sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-border bg-card lg:flex"
          style={{ width: collapsed ? UI.sidebarNarrowPx : UI.sidebarWidePx }}
        >
          <div className="p-3">
            <Skeleton className={collapsed ? 'mx-auto size-10 rounded-full' : 'h-16 rounded-lg'} />
          </div>
          <div className="flex flex-col gap-2 px-3 py-2">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className={collapsed ? 'mx-auto size-11 rounded-lg' : 'h-10 rounded-lg'} />
            ))}
          </div>
        </aside>
        <main className="min-w-0 flex-1 px-4 pb-16 pt-6 sm:px-6 lg:px-10 lg:pt-8">
          <div className="flex min-h-[50vh] items-center justify-center">
            <Spinner className="size-7" />
          </div>
        </main>
      </div>
    </div>
  );
}
