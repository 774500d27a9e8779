import { Info } from 'lucide-react';

/** Why the server sent the browser back to the sign-in screen (third-party sign-in unavailable or failed). */
const NOTICES: Record<string, { title: string; text: string }> = {
  'google-disabled': {
    title: 'Google sign-in is not available',
    text: 'Sign-in with Google has not been set up for this site. Please sign in with your username and password.',
  },
  'apple-disabled': {
    title: 'Apple sign-in is not available',
    text: 'Sign-in with Apple has not been set up for this site. Please sign in with your username and password.',
  },
  'oauth-failed': {
    title: 'Third-party sign-in failed',
    text: 'We could not complete your sign-in with that provider. Please try again, or sign in with your username and password.',
  },
};

export function SignInNotice({ notice }: { notice: string | null }) {
  const n = notice ? NOTICES[notice] : undefined;
  if (!n) return null;
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-3.5 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-semibold text-foreground">{n.title}</p>
        <p className="mt-0.5 text-muted-foreground">{n.text}</p>
      </div>
    </div>
  );
}
