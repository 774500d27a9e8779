import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useRegister } from '../../../lib/auth.ts';
import { useDocumentTitle, useSite } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { OAuthButtons, OrDivider } from '../components/OAuthButtons.tsx';
import { RegisterForm } from '../components/RegisterForm.tsx';

/** Registration screen: a new account starts as a pending membership application. */
export function RegisterPage() {
  useDocumentTitle('Apply for Membership');
  const { brandName } = useSite();
  const register = useRegister();

  return (
    <AuthLayout wide title={`Join ${brandName}`} subtitle="Start earning passive income through executive partnerships">
      <Card>
        <CardHeader className="sm:px-8 sm:pt-8">
          <CardTitle>Create your account</CardTitle>
          <CardDescription>Every application is reviewed by our membership team before access is granted.</CardDescription>
        </CardHeader>
        <CardContent className="sm:px-8 sm:pb-8">
          <OAuthButtons verb="Continue" />
          <OrDivider text="or apply with your details" />
          <RegisterForm
            pending={register.isPending}
            onSubmit={async (data, applyServerErrors) => {
              try {
                await register.mutateAsync(data);
                toast({ title: `Welcome to ${brandName}!`, description: 'Your account has been created successfully.' });
              } catch (err) {
                if (applyServerErrors(err)) return;
                toast({
                  variant: 'destructive',
                  title: 'Registration failed',
                  description: (err instanceof Error && err.message) || 'An error occurred during registration. Please try again.',
                });
              }
            }}
          />
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in here
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
