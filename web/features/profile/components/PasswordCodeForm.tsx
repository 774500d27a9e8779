import { useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { recoveryCodeField, totpCodeField, twoFactorSetupSchema } from '../../../../common/schemas/security.ts';
import { OneTimeCodeInput } from '../../../components/one-time-code-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';

/** What the two-factor dialogs ask for: the password, and a code from the app or one recovery code. */
export interface FactorValues {
  password: string;
  code: string;
  recoveryCode: string;
}
export type FactorForm = UseFormReturn<FactorValues>;
/** What a dialog sends: the fields it showed, as typed. */
export type FactorInput = { password?: string; code?: string; recoveryCode?: string };

const FIELDS = ['password', 'code', 'recoveryCode'] as const;
const EMPTY: FactorValues = { password: '', code: '', recoveryCode: '' };

/** A field's rule is the API's (`common/schemas/security.ts`), so the form says what the server would. */
const rule = (schema: z.ZodType) => (v: string) => {
  const parsed = schema.safeParse(v);
  return parsed.success || (parsed.error.issues[0]?.message ?? false);
};
const RULES = { password: rule(twoFactorSetupSchema.shape.password), code: rule(totpCodeField), recoveryCode: rule(recoveryCodeField) };

/** The form of one two-factor dialog: a field no longer shown is dropped with its rule (the code, once a recovery code is chosen). */
export function useFactorForm(): FactorForm {
  return useForm<FactorValues>({ defaultValues: EMPTY, shouldUnregister: true, reValidateMode: 'onSubmit' });
}

/** The server's refusal: its messages under the fields they name, otherwise for the whole form. */
export function showServerError(form: FactorForm, err: unknown, fallback: string) {
  if (!placeServerErrors(err, FIELDS, form.setError)) form.setError('root', { message: errorDetail(err, fallback) });
}

/**
 * The password-plus-code form the two-factor dialogs share: the password (when `password`), a code from the app
 * (`code: 'app'`, or `'app-or-recovery'` with a link to type a recovery code instead), the form's own error, and
 * the caller's header (title, QR code) and footer (buttons). Field ids are `${id}-password`, `${id}-code`,
 * `${id}-recovery`.
 */
export function PasswordCodeForm({
  form,
  id,
  password = false,
  code = 'none',
  codeLabel = 'Code from your authenticator app',
  busy,
  onSubmit,
  header,
  footer,
}: {
  form: FactorForm;
  id: string;
  password?: boolean;
  code?: 'none' | 'app' | 'app-or-recovery';
  codeLabel?: string;
  busy: boolean;
  onSubmit: (input: FactorInput) => void;
  header: ReactNode;
  footer: ReactNode;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const err = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    const input: FactorInput = password ? { password: v.password } : {};
    if (code !== 'none') Object.assign(input, useRecovery ? { recoveryCode: v.recoveryCode } : { code: v.code });
    onSubmit(input);
  });
  const clear = (name: keyof FactorValues) => {
    form.clearErrors(name);
    form.clearErrors('root');
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      {header}
      {password && (
        <Field id={`${id}-password`} label="Password" error={err.password?.message}>
          <Input
            {...fieldA11y(`${id}-password`, err.password?.message)}
            {...form.register('password', { validate: RULES.password, onChange: () => clear('password') })}
            type="password"
            autoComplete="current-password"
            disabled={busy}
          />
        </Field>
      )}
      {code !== 'none' &&
        (useRecovery ? (
          <Field id={`${id}-recovery`} label="Recovery code" error={err.recoveryCode?.message}>
            <Input
              {...fieldA11y(`${id}-recovery`, err.recoveryCode?.message)}
              {...form.register('recoveryCode', { validate: RULES.recoveryCode, onChange: () => clear('recoveryCode') })}
              autoComplete="off"
              placeholder="abcde-fghij"
              className="max-w-52 font-mono"
              disabled={busy}
            />
          </Field>
        ) : (
          <Controller
            control={form.control}
            name="code"
            rules={{ validate: RULES.code }}
            render={({ field }) => (
              <Field id={`${id}-code`} label={codeLabel} error={err.code?.message}>
                <OneTimeCodeInput
                  {...fieldA11y(`${id}-code`, err.code?.message)}
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  value={field.value}
                  onValueChange={(v) => {
                    field.onChange(v);
                    clear('code');
                  }}
                  disabled={busy}
                />
              </Field>
            )}
          />
        ))}
      {code === 'app-or-recovery' && (
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start px-0"
          onClick={() => {
            setUseRecovery((v) => !v);
            form.clearErrors(['code', 'recoveryCode']);
            form.clearErrors('root');
          }}
        >
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
      )}
      {err.root?.message && (
        <p role="alert" className="rounded-lg bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
          {err.root.message}
        </p>
      )}
      {footer}
    </form>
  );
}
