import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { useSite } from '../../../lib/site.ts';

const PROMISES = [
  'Refer interim, advisory and recruitment opportunities',
  'Earn tiered commission of up to 40% on fees',
  'Network with vetted senior executives',
  'Every member is personally reviewed',
];

/**
 * The signed-out frame. Narrow screens show the form alone under the brand; large screens add a calm brand
 * panel on the left. `wide` is for the long registration form: one centred column, no side panel.
 */
export function AuthLayout({ title, subtitle, wide = false, children }: { title: ReactNode; subtitle: ReactNode; wide?: boolean; children: ReactNode }) {
  const { brandName } = useSite();
  const heading = (
    <div className="mb-6 text-center sm:mb-8">
      <div className={wide ? 'mb-5 flex items-center justify-center gap-2.5' : 'mb-5 flex items-center justify-center gap-2.5 lg:hidden'}>
        <BrandMark className="size-10" />
        {!wide && <span className="text-lg font-semibold tracking-tight">{brandName}</span>}
      </div>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-[15px] text-muted-foreground">{subtitle}</p>
    </div>
  );

  if (wide) {
    return (
      <main className="min-h-dvh bg-background px-4 py-10 sm:py-14">
        <div className="mx-auto w-full max-w-3xl">
          {heading}
          {children}
        </div>
      </main>
    );
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden className="absolute -right-24 -top-24 size-96 rounded-full bg-white/5" />
        <div aria-hidden className="absolute -bottom-32 -left-20 size-[28rem] rounded-full bg-white/[0.04]" />
        <div className="relative flex items-center gap-3">
          <svg viewBox="0 0 32 32" className="size-9" aria-hidden>
            <rect width="32" height="32" rx="8" fill="white" fillOpacity="0.12" />
            <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span className="text-lg font-semibold tracking-tight">{brandName}</span>
        </div>
        <div className="relative max-w-md">
          <p className="text-3xl font-semibold leading-tight tracking-tight">The private network for executive partners.</p>
          <ul className="mt-8 grid gap-4 text-[15px] text-white/85">
            {PROMISES.map((p) => (
              <li key={p} className="flex items-start gap-3">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-white/70" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/70">Members only · By application</p>
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          {heading}
          {children}
        </div>
      </main>
    </div>
  );
}
