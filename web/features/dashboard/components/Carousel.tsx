import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { UI } from '../../../../common/constants/limits.ts';
import type { MemberRecommendation } from '../../../../common/schemas/member.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { MemberProfileDialog, type ProfilePreview } from '../../community/index.ts';
import { ConnectButton, MemberCard } from '../../members/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useMediaQuery, usePrefersReducedMotion } from '../lib/media.ts';

/** How many cards fit side by side: 1 on phones, 2 on tablets, 3 from large screens up. */
function useCardsPerView(): number {
  const sm = useMediaQuery('(min-width: 640px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  return lg ? 3 : sm ? 2 : 1;
}

/**
 * The recommended members side by side (one, two or three by screen width), each with Connect, moved by
 * Previous / Next, the position dots or autoplay; slides out of view are inert.
 */
export function Carousel({ members }: { members: MemberRecommendation[] }) {
  const perView = useCardsPerView();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [viewing, setViewing] = useState<ProfilePreview | null>(null);
  const meId = useCurrentUser().data?.id ?? null;
  const regionRef = useRef<HTMLDivElement>(null);

  const count = members.length;
  const lastIndex = Math.max(0, count - perView);
  const current = Math.min(index, lastIndex);
  const positions = lastIndex + 1;
  const autoplaying = !stopped && !reducedMotion && positions > 1;
  const running = autoplaying && !hovered && !focused && !dialogOpen && !viewing;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((i) => (Math.min(i, lastIndex) >= lastIndex ? 0 : Math.min(i, lastIndex) + 1)), UI.carouselStepMs);
    return () => window.clearTimeout(timer);
  }, [running, current, lastIndex]);

  /** The visitor moved the carousel: go there and never autoplay again on this visit. */
  const goTo = (i: number) => {
    setStopped(true);
    setIndex(Math.max(0, Math.min(i, lastIndex)));
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  const first = current + 1;
  const last = Math.min(current + perView, count);
  const position = first === last ? `Member ${first} of ${count}` : `Members ${first} to ${last} of ${count}`;

  return (
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label="Recommended members"
      tabIndex={-1}
      className="rounded-xl focus:outline-none"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="overflow-hidden">
        <ul
          className="-mx-2 flex py-1 transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${(current * 100) / perView}%)` }}
        >
          {members.map((m, i) => {
            const visible = i >= current && i < current + perView;
            return (
              <li
                key={m.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${m.firstName} ${m.lastName}`}
                aria-hidden={!visible || undefined}
                inert={!visible}
                className="shrink-0 px-2"
                style={{ flexBasis: `${100 / perView}%` }}
              >
                <MemberCard
                  member={m}
                  reasons={m.reasons}
                  onView={() => setViewing(m)}
                  action={
                    <ConnectButton
                      member={m}
                      onOpenChange={setDialogOpen}
                      onSent={() => {
                        setStopped(true);
                        regionRef.current?.focus();
                      }}
                    />
                  }
                />
              </li>
            );
          })}
        </ul>
      </div>

      <p className="sr-only" aria-live={autoplaying ? 'off' : 'polite'} aria-atomic="true">
        {position}
      </p>

      {positions > 1 && (
        // on phones the dots get a centred row of their own: the floating back-to-top button sits at the bottom right
        <div className="mt-4 flex flex-col items-center gap-2 sm:flex-row sm:justify-between sm:gap-3">
          <div className="flex items-center gap-1.5">
            <Button variant="outline" size="icon-sm" onClick={() => goTo(current - 1)} disabled={current === 0} aria-label="Previous members">
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="outline" size="icon-sm" onClick={() => goTo(current + 1)} disabled={current >= lastIndex} aria-label="Next members">
              <ChevronRight aria-hidden />
            </Button>
            {!reducedMotion && (
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => setStopped((s) => !s)}
                aria-label={stopped ? 'Resume automatic rotation' : 'Pause automatic rotation'}
                title={stopped ? 'Resume automatic rotation' : 'Pause automatic rotation'}
              >
                {stopped ? <Play aria-hidden /> : <Pause aria-hidden />}
              </Button>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-center gap-0.5 sm:justify-end" role="group" aria-label="Choose members to show">
            {Array.from({ length: positions }, (_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => goTo(i)}
                aria-label={perView === 1 ? `Show member ${i + 1}` : `Show members ${i + 1} to ${Math.min(i + perView, count)}`}
                aria-current={i === current ? 'true' : undefined}
                className="group flex size-6 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  aria-hidden
                  className={cn(
                    'block h-2 rounded-full transition-all motion-reduce:transition-none',
                    i === current ? 'w-5 bg-primary' : 'w-2 bg-input group-hover:bg-muted-foreground/60',
                  )}
                />
              </button>
            ))}
          </div>
        </div>
      )}
      <MemberProfileDialog preview={viewing} meId={meId} onClose={() => setViewing(null)} />
    </div>
  );
}
