import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LoginInput } from '../../../../common/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLogin } from '../../../lib/auth.ts';
import { TwoFactorStep } from '../components/TwoFactorStep.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { OAuthButtons, OrDivider } from '../components/OAuthButtons.tsx';
import { SignInNotice } from '../components/SignInNotice.tsx';

type FieldName = keyof LoginInput;

/**
 * The form is checked by the shared loginSchema, with its messages, like every other form; but the sign-in
 * screen is the first thing most visitors load, so it keeps zod and the form library off its first paint: two
 * fields are held in plain state, and the schema is fetched when the visitor first focuses the form (or submits).
 * (docs/decisions/0014-client-loading.md)
 */
const loadSchema = () => import('../../../../common/schemas/auth.ts');

/** Sign-in screen: username and password, or Google / Apple when configured. */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const [params, setParams] = useSearchParams();
  const login = useLogin();
  // a Google or Apple sign-in that still owes a code comes back here with ?step=2fa
  const [codeStep, setCodeStep] = useState(params.get('step') === '2fa');
  const [expired, setExpired] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const clearOnEdit = (name: FieldName) => () => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const entered = new FormData(form);
    const values = { username: String(entered.get('username') ?? ''), password: String(entered.get('password') ?? '') };
    let loginSchema;
    try {
      ({ loginSchema } = await loadSchema());
    } catch {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Could not reach the server. Please check your connection and try again.' });
      return;
    }
    const checked = loginSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      // the first field in error takes focus, as in the other forms
      (form.elements.namedItem(found.username ? 'username' : 'password') as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setExpired(null);
    try {
      const result = await login.mutateAsync(checked.data);
      if ('twoFactorRequired' in result) {
        setCodeStep(true);
        return;
      }
      // the route table then moves on from /login (to the page first asked for, or the dashboard)
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: err instanceof ApiError && err.status === 429 ? err.detail : 'Invalid username or password. Please try again.',
      });
    }
  };

  if (codeStep) {
    return (
      <TwoFactorStep
        onRestart={(message) => {
          setCodeStep(false);
          setExpired(message ?? null);
          if (params.has('step')) setParams({}, { replace: true });
        }}
      />
    );
  }

  return (
    <AuthLayout title="Welcome Back" subtitle="Sign in to access your referral dashboard">
      <Card>
        <CardHeader>
          <CardDescription className="text-[15px]">Enter your credentials to access the platform</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInNotice notice={params.get('notice')} />
          {expired && (
            <p role="alert" className="mb-4 rounded-lg bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
              {expired}
            </p>
          )}
          <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadSchema()} className="grid gap-5">
            <Field id="login-username" label="Username" error={errors.username}>
              <Input
                {...fieldA11y('login-username', errors.username)}
                autoComplete="username"
                placeholder="Enter your username"
                name="username"
                defaultValue=""
                onChange={clearOnEdit('username')}
              />
            </Field>
            <Field id="login-password" label="Password" error={errors.password}>
              <Input
                {...fieldA11y('login-password', errors.password)}
                type="password"
                autoComplete="current-password"
                placeholder="Enter your password"
                name="password"
                defaultValue=""
                onChange={clearOnEdit('password')}
              />
            </Field>
            <p className="-mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            </p>
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <OrDivider text="or continue with" />
          <OAuthButtons verb="Sign in" />
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Don't have an account?{' '}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign up here
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
