import { Info } from 'lucide-react';

/** Why the server sent the browser back to the sign-in screen (third-party sign-in unavailable, refused or failed). */
const NOTICES: Record<string, { title: string; text: string }> = {
  'google-disabled': {
    title: 'Google sign-in is not available',
    text: 'Sign-in with Google has not been set up for this site. Please sign in with your username and password.',
  },
  'apple-disabled': {
    title: 'Apple sign-in is not available',
    text: 'Sign-in with Apple has not been set up for this site. Please sign in with your username and password.',
  },
  'google-link-required': {
    title: 'Sign in with your password first',
    text: 'An account with this email address already exists. Sign in with your username and password, then link Google from Profile Settings.',
  },
  'apple-link-required': {
    title: 'Sign in with your password first',
    text: 'An account with this email address already exists. Sign in with your username and password, then link Apple from Profile Settings.',
  },
  'oauth-email-unverified': {
    title: 'Email address not verified',
    text: 'That provider has not verified your email address, so we cannot use it to sign you in. Verify it with the provider, or sign in with your username and password.',
  },
  'link-signed-out': {
    title: 'Please sign in first',
    text: 'Sign in with your username and password, then link Google or Apple from Profile Settings.',
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
