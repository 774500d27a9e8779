import { Filter, Search, ThumbsUp, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DIRECTORY_WELCOME, WELCOME_AUTO_CLOSE_MS, WELCOME_STAGES_MS } from '../../../../../common/constants/community.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { useCurrentUser } from '../../../../lib/auth.ts';
import { cn } from '../../../../lib/utils.ts';
import { useMarkIntroSeen, useOnboardingState } from '../../api/directory.ts';
import { shouldShowWelcome, welcomeStagesShown, welcomeStorageKey } from '../../lib/welcome.ts';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Search, title: 'Search the network', text: 'Find members by name, company or job title.' },
  { icon: Filter, title: 'Filter to the right people', text: 'Narrow the list by industry, expertise and location.' },
  { icon: UserPlus, title: 'Connect', text: 'Send a connection request with a short personal note.' },
  { icon: ThumbsUp, title: 'Endorse skills', text: 'Open a profile to endorse the skills you can vouch for.' },
];

function readSeen(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeSeen(key: string) {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // private mode or storage full: the server still remembers it
  }
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The directory's first-visit welcome: four steps appear one after another (at 0.5, 1.2, 1.9 and 2.6 seconds) and
 * it closes by itself at 4 seconds, or at once with Skip, Let's Go or Escape. It is shown once per member:
 * remembered on the server and in this browser. Members who prefer reduced motion never see it (it counts as seen).
 */
export function WelcomeOverlay() {
  const user = useCurrentUser().data;
  const onboarding = useOnboardingState();
  const markSeen = useMarkIntroSeen();
  const [closed, setClosed] = useState(false);
  const storageKey = user ? welcomeStorageKey(user.id) : null;
  const reducedMotion = prefersReducedMotion();
  const serverSeen = onboarding.data ? onboarding.data.seenIntros.includes(DIRECTORY_WELCOME) : null;

  const show = !closed && !!storageKey && shouldShowWelcome({ serverSeen, locallySeen: readSeen(storageKey), reducedMotion });

  // for those who prefer less motion it counts as seen without showing; a browser that forgot it learns it again
  useEffect(() => {
    if (storageKey && (serverSeen || (serverSeen === false && reducedMotion))) writeSeen(storageKey);
  }, [storageKey, serverSeen, reducedMotion]);

  const close = () => {
    if (closed) return;
    setClosed(true);
    if (storageKey) writeSeen(storageKey);
    markSeen.mutate(DIRECTORY_WELCOME);
  };

  return (
    <Dialog open={show} onOpenChange={(o) => !o && close()}>
      {show && <WelcomeContent onClose={close} />}
    </Dialog>
  );
}

/**
 * The open welcome: reveals each step at its time after opening and closes at the end. Only five timers and one
 * CSS transition (the bar that runs down to the close), so the page is not repainted while it waits.
 */
function WelcomeContent({ onClose }: { onClose: () => void }) {
  const [shown, setShown] = useState(0);
  const [running, setRunning] = useState(false);
  const letsGo = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const start = performance.now();
    const frame = window.requestAnimationFrame(() => setRunning(true));
    const timers = WELCOME_STAGES_MS.map((at) => window.setTimeout(() => setShown(welcomeStagesShown(performance.now() - start)), at));
    timers.push(window.setTimeout(() => closeRef.current(), WELCOME_AUTO_CLOSE_MS));
    return () => {
      window.cancelAnimationFrame(frame);
      timers.forEach((t) => window.clearTimeout(t));
    };
  }, []);

  return (
    <DialogContent
      hideClose
      className="max-w-md overflow-hidden p-0"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        letsGo.current?.focus();
      }}
      onCloseAutoFocus={(e) => {
        // nothing opened the welcome, so focus goes to where the member starts: the directory's search box
        e.preventDefault();
        document.getElementById('directory-search')?.focus({ preventScroll: true });
      }}
    >
      <div className="bg-gradient-to-br from-primary to-primary-hover px-6 pb-6 pt-7 text-primary-foreground">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/15 ring-4 ring-white/10">
          <Users className="size-6" aria-hidden />
        </span>
        <DialogHeader className="mt-4 pr-0">
          <DialogTitle className="text-xl text-primary-foreground">Welcome to the Member Directory</DialogTitle>
          <DialogDescription className="text-primary-foreground/85">Your network of fellow partners, all in one place.</DialogDescription>
        </DialogHeader>
      </div>
      <ol className="grid gap-3 px-6 pt-5" aria-label="What you can do here">
        {STEPS.map((step, i) => {
          const visible = i < shown;
          const Icon = step.icon;
          return (
            <li
              key={step.title}
              aria-hidden={!visible}
              className={cn('flex items-start gap-3 transition-all duration-500 ease-out', visible ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0')}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="px-6 pt-5">
        <div className="h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div
            className="h-full origin-left rounded-full bg-primary/60 ease-linear"
            style={{ transform: running ? 'scaleX(1)' : 'scaleX(0)', transitionProperty: 'transform', transitionDuration: `${WELCOME_AUTO_CLOSE_MS}ms` }}
          />
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 px-6 pb-6 pt-4 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Skip
        </Button>
        <Button ref={letsGo} onClick={onClose}>
          Let&apos;s Go
        </Button>
      </div>
    </DialogContent>
  );
}
