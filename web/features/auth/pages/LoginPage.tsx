import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginSchema } from '../../../../common/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLogin } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { OAuthButtons, OrDivider } from '../components/OAuthButtons.tsx';
import { SignInNotice } from '../components/SignInNotice.tsx';

type LoginForm = z.input<typeof loginSchema>;
type LoginData = z.output<typeof loginSchema>;

/** Sign-in screen: username and password, or Google / Apple when configured. */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const [params] = useSearchParams();
  const login = useLogin();

  const form = useForm<LoginForm, unknown, LoginData>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const clearOnEdit = (name: keyof LoginForm) => ({ onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await login.mutateAsync(data);
      // the route table then moves on from /login (to the page first asked for, or the dashboard)
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: err instanceof ApiError && err.status === 429 ? err.detail : 'Invalid username or password. Please try again.',
      });
    }
  });

  return (
    <AuthLayout title="Welcome Back" subtitle="Sign in to access your referral dashboard">
      <Card>
        <CardHeader>
          <CardDescription className="text-[15px]">Enter your credentials to access the platform</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInNotice notice={params.get('notice')} />
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <Field id="login-username" label="Username" error={errors.username?.message}>
              <Input
                {...fieldA11y('login-username', errors.username?.message)}
                autoComplete="username"
                placeholder="Enter your username"
                {...form.register('username', clearOnEdit('username'))}
              />
            </Field>
            <Field id="login-password" label="Password" error={errors.password?.message}>
              <Input
                {...fieldA11y('login-password', errors.password?.message)}
                type="password"
                autoComplete="current-password"
                placeholder="Enter your password"
                {...form.register('password', clearOnEdit('password'))}
              />
            </Field>
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
