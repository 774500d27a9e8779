import { Button } from '../../../components/ui/button.tsx';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z" />
    </svg>
  );
}

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" fill="currentColor">
      <path d="M16.37 12.56c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.78-3.32-1.8-1.41-.14-2.76.83-3.48.83-.72 0-1.82-.81-3-.79-1.54.02-2.96.9-3.75 2.27-1.6 2.78-.41 6.89 1.15 9.14.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23.87-1.28 1.23-2.51 1.25-2.58-.03-.01-2.39-.92-2.38-3.66zM14.1 5.8c.63-.77 1.06-1.83.94-2.9-.91.04-2.02.61-2.67 1.37-.58.68-1.1 1.77-.96 2.81 1.02.08 2.06-.52 2.69-1.28z" />
    </svg>
  );
}

/** Third-party sign-in: the whole window goes to the server, which starts the provider's flow. */
export function OAuthButtons({ verb }: { verb: 'Sign in' | 'Continue' }) {
  const go = (provider: 'google' | 'apple') => window.location.assign(`/api/auth/${provider}`);
  return (
    <div className="grid gap-2.5 sm:grid-cols-2">
      <Button variant="outline" className="h-11" onClick={() => go('google')}>
        <GoogleLogo />
        {verb} with Google
      </Button>
      <Button variant="outline" className="h-11" onClick={() => go('apple')}>
        <AppleLogo />
        {verb} with Apple
      </Button>
    </div>
  );
}

/** The "or" line between third-party buttons and the form. */
export function OrDivider({ text = 'or' }: { text?: string }) {
  return (
    <div className="relative my-6 flex items-center" role="separator" aria-label={text}>
      <span className="h-px flex-1 bg-border" />
      <span className="px-3 text-xs font-medium uppercase tracking-wider text-muted-foreground">{text}</span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
