import type { ComponentProps } from 'react';
import { Input } from './ui/input.tsx';

/**
 * The six-digit code from an authenticator app: digits only (a pasted "123 456" is kept as digits), the phone's
 * number pad, and `one-time-code` so browsers and password managers can fill it.
 */
export function OneTimeCodeInput({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & { value: string; onValueChange: (v: string) => void }) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="123456"
      className="max-w-40 font-mono text-lg tracking-[0.3em]"
    />
  );
}
