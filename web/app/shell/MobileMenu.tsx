import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { UI } from '../../../common/constants/limits.ts';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useSite } from '../../lib/site.ts';
import { NavList } from './NavList.tsx';
import { UserCard } from './UserCard.tsx';

/** The small-screen slide-over menu, 320 px wide; the shell closes it on every route change. */
export function MobileMenu({ user, open, onOpenChange }: { user: CurrentUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { brandName } = useSite();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/45 animate-fade-in lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex max-w-[calc(100vw-2rem)] flex-col border-r border-border bg-card shadow-raised animate-slide-in-left focus:outline-none lg:hidden"
          style={{ width: UI.mobileMenuPx }}
        >
          <div className="flex h-16 items-center justify-between gap-2 border-b border-border px-4">
            <div className="flex items-center gap-2.5">
              <BrandMark />
              <DialogPrimitive.Title className="text-[15px] font-semibold tracking-tight">{brandName}</DialogPrimitive.Title>
            </div>
            <DialogPrimitive.Close className="rounded-md p-2 text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-5" aria-hidden />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>
          <div className="p-3">
            <UserCard user={user} />
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 pb-6">
            <NavList user={user} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
