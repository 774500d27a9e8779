import { ArrowLeft, ArrowRight, Check, Sparkles } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { UI } from '../../../../common/constants/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { useCompleteTour, useOnboarding } from '../api/dashboard.ts';
import { useMediaQuery, usePrefersReducedMotion } from '../lib/media.ts';

/** The five stops of the tour; `target` names the dashboard element it points at (data-tour). */
const TOUR_STEPS = [
  {
    id: 'welcome',
    title: 'Welcome to your dashboard',
    body: 'This is your home base: your referrals, what you have earned, members worth meeting and where every lead stands. Here is a quick look around.',
    target: null,
  },
  {
    id: 'profile',
    title: 'Complete your profile',
    body: 'Your industries, expertise and location decide which members we recommend to you, and help others find you.',
    target: 'profile',
  },
  {
    id: 'community',
    title: 'Meet the community',
    body: 'The Community Hub is where members share news, ask questions and connect with each other.',
    target: 'community',
  },
  {
    id: 'submit-lead',
    title: 'Submit a lead',
    body: 'Heard of a company that needs interim, advisory or recruitment help? Refer it here and follow it through the pipeline.',
    target: 'submit-lead',
  },
  {
    id: 'all-set',
    title: 'You’re all set!',
    body: 'Commission is earned when your leads close. You can come back to any of these from the navigation at any time.',
    target: null,
  },
] as const;

const storageKey = (userId: string) => `dashboard.tourCompleted.${userId}`;

function readDone(userId: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

function writeDone(userId: string) {
  try {
    window.localStorage.setItem(storageKey(userId), '1');
  } catch {
    // storage unavailable (private mode): the server still remembers
  }
}

/** Another dialog (a confirmation, the mobile menu, another introduction) is open on the page. */
function otherDialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * When the tour runs: 2 seconds after the dashboard loads, unless this browser (per user) or the server says
 * it was finished or skipped before. Ending it stores completion in both places.
 *
 * One onboarding dialog at a time, and never one that takes focus from something the member has started: the
 * tour is the first introduction, on the dashboard. If the member presses a key or a pointer during the wait, or
 * another dialog is open when the wait ends, it stays closed for this visit (not marked done) and is offered again
 * on the next visit to the dashboard. The directory's welcome belongs to the directory's first visit, a page the
 * tour is never on.
 */
function useTour(userId: string) {
  const [localDone] = useState(() => readDone(userId));
  const onboarding = useOnboarding(!localDone);
  const complete = useCompleteTour();
  const [delayPassed, setDelayPassed] = useState(false);
  const [deferred, setDeferred] = useState(false);
  const [step, setStep] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (localDone) return;
    const busy = () => setDeferred(true);
    const timer = window.setTimeout(() => {
      stopListening();
      if (otherDialogOpen()) setDeferred(true);
      setDelayPassed(true);
    }, UI.tourDelayMs);
    function stopListening() {
      document.removeEventListener('pointerdown', busy, true);
      document.removeEventListener('keydown', busy, true);
    }
    document.addEventListener('pointerdown', busy, true);
    document.addEventListener('keydown', busy, true);
    return () => {
      window.clearTimeout(timer);
      stopListening();
    };
  }, [localDone]);

  const serverDone = onboarding.data?.hasCompletedWizard === true;
  useEffect(() => {
    if (serverDone) writeDone(userId);
  }, [serverDone, userId]);

  const shouldStart = !localDone && !ended && !deferred && delayPassed && onboarding.data !== undefined && !serverDone;
  if (shouldStart && step === null) setStep(0);

  const end = useCallback(
    (at: number) => {
      writeDone(userId);
      setEnded(true);
      setStep(null);
      complete.mutate({ currentWizardStep: at, completedWizardSteps: TOUR_STEPS.slice(0, at + 1).map((s) => s.id) });
    },
    [userId, complete],
  );

  return { step: ended ? null : step, setStep, end };
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where the current step's target is on screen, kept up to date while the page scrolls or resizes. */
function useTargetBox(target: string | null, reducedMotion: boolean): Box | null {
  // a box measured for an earlier step is never shown for this one
  const [measured, setMeasured] = useState<{ target: string; box: Box } | null>(null);
  useLayoutEffect(() => {
    if (!target) return;
    const el = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
    if (!el) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < 80 || rect.bottom > window.innerHeight - 220) {
      // scroll the window only (scrollIntoView would also scroll clipped ancestors such as the banner)
      const top = window.scrollY + rect.top - Math.max(80, (window.innerHeight - rect.height) / 2 - 100);
      window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion ? 'auto' : 'smooth' });
    }
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        setMeasured({ target, box: { top: r.top, left: r.left, width: r.width, height: r.height } });
      });
    };
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [target, reducedMotion]);
  return measured && measured.target === target ? measured.box : null;
}

const PAD = 6;
const CARD_WIDTH = 360;
const GAP = 14;

/** Places the step card under the target, or above it when there is no room; centred when there is no target. */
function cardStyle(box: Box | null, wide: boolean): CSSProperties | undefined {
  if (!wide || !box) return undefined;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const left = Math.min(Math.max(16, box.left + box.width / 2 - CARD_WIDTH / 2), vw - CARD_WIDTH - 16);
  const below = box.top + box.height + PAD + GAP;
  if (vh - below >= 240) return { top: below, left, transform: 'none' };
  return { top: 'auto', bottom: vh - box.top + PAD + GAP, left, transform: 'none' };
}

/**
 * The dashboard's guided tour: a modal step card (focus kept inside, Escape skips) with a spotlight on the
 * element each step talks about. Back / Next / Skip / Finish; finishing or skipping is remembered.
 */
export function GuidedTour({ userId }: { userId: string }) {
  const { step, setStep, end } = useTour(userId);
  const reducedMotion = usePrefersReducedMotion();
  const wide = useMediaQuery('(min-width: 640px)');
  const nextRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const current = step === null ? null : TOUR_STEPS[step];
  const box = useTargetBox(current?.target ?? null, reducedMotion);

  // a Back or Next button that just disappeared would drop focus to the page: keep it in the card
  useEffect(() => {
    if (step === null) return;
    const active = document.activeElement;
    if (!contentRef.current?.contains(active) || active === contentRef.current) nextRef.current?.focus();
  }, [step]);

  if (step === null || !current) return null;
  const last = step === TOUR_STEPS.length - 1;
  const spotlight = current.target && box;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && end(step)}>
      <DialogPrimitive.Portal>
        {spotlight ? (
          <div
            aria-hidden
            className="pointer-events-none fixed z-50 rounded-xl ring-2 ring-white/90 transition-all duration-300 motion-reduce:transition-none"
            style={{
              top: box.top - PAD,
              left: box.left - PAD,
              width: box.width + PAD * 2,
              height: box.height + PAD * 2,
              boxShadow: '0 0 0 9999px rgb(15 23 42 / 0.55)',
            }}
          />
        ) : (
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/55 animate-fade-in" />
        )}
        <DialogPrimitive.Content
          ref={contentRef}
          aria-describedby="tour-body"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            returnTo.current = document.activeElement as HTMLElement | null;
            nextRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            // nothing had focus when the tour started: continue from the top of the page's content
            if (!returnTo.current || returnTo.current === document.body || !returnTo.current.isConnected) {
              e.preventDefault();
              document.getElementById('main-content')?.focus({ preventScroll: true });
            }
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            end(step);
          }}
          className={cn(
            // above its backdrop: each child of the dialog's portal is appended to the page on its own, so the backdrop
            // of a later step (the spotlight, or the plain overlay) lands after the card; equal z-indexes would put it on top
            'fixed z-[55] grid gap-4 rounded-xl border border-border bg-card p-5 shadow-raised animate-fade-in focus:outline-none',
            'inset-x-4 bottom-4 sm:inset-x-auto sm:bottom-auto sm:w-[360px]',
            !(wide && spotlight) && 'sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2',
          )}
          style={spotlight ? cardStyle(box, wide) : undefined}
        >
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Step {step + 1} of {TOUR_STEPS.length}
            </p>
            <ol className="flex gap-1" aria-hidden>
              {TOUR_STEPS.map((s, i) => (
                <li
                  key={s.id}
                  className={cn(
                    'h-1.5 rounded-full transition-all motion-reduce:transition-none',
                    i === step ? 'w-4 bg-primary' : i < step ? 'w-1.5 bg-primary/50' : 'w-1.5 bg-input',
                  )}
                />
              ))}
            </ol>
          </div>
          <div aria-live="polite">
            <DialogPrimitive.Title className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
              {(step === 0 || last) && <Sparkles className="size-5 text-primary" aria-hidden />}
              {current.title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description id="tour-body" className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {current.body}
            </DialogPrimitive.Description>
          </div>
          <div className="flex items-center justify-between gap-2">
            {last ? (
              <span />
            ) : (
              <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={() => end(step)}>
                Skip tour
              </Button>
            )}
            <div className="flex gap-2">
              {step > 0 && (
                <Button variant="outline" size="sm" onClick={() => setStep(step - 1)}>
                  <ArrowLeft aria-hidden /> Back
                </Button>
              )}
              <Button ref={nextRef} size="sm" onClick={() => (last ? end(step) : setStep(step + 1))}>
                {last ? (
                  <>
                    <Check aria-hidden /> Finish
                  </>
                ) : (
                  <>
                    Next <ArrowRight aria-hidden />
                  </>
                )}
              </Button>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
