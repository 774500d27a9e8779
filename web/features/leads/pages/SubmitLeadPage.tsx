import { ArrowLeft, BellRing, CircleCheck, PoundSterling, Search } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { IconFactList } from '../../../components/icon-fact-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitLead } from '../api/submit-lead.ts';
import { LEAD_FORM_SECTIONS, LeadForm } from '../components/LeadForm.tsx';

const NEXT_STEPS = [
  { icon: Search, title: 'We review it', text: 'Our team checks the lead and contacts the client, usually within two working days.' },
  { icon: BellRing, title: 'You stay informed', text: 'You are notified each time its status changes; the timeline is in My Leads.' },
  { icon: PoundSterling, title: 'You earn commission', text: 'When it closes you earn 20–40 % of the fee, paid monthly.' },
];

function WhatHappensNext({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <div className="p-5">
        <h2 className="text-sm font-semibold">What happens next</h2>
        <IconFactList items={NEXT_STEPS} ordered className="mt-4" />
      </div>
    </Card>
  );
}

/**
 * Submit New Lead (/submit-lead): header, side navigation of the form's sections, the form. Success:
 * 'Lead submitted successfully!' and on to /leads; failure: 'Error' / 'Failed to submit lead. Please try again.'
 */
export function SubmitLeadPage() {
  useDocumentTitle('Submit New Lead');
  const navigate = useNavigate();
  const submit = useSubmitLead();

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-3 text-muted-foreground">
        <Link to="/leads">
          <ArrowLeft aria-hidden /> My Leads
        </Link>
      </Button>
      <PageHeader title="Submit New Lead" description="Refer an interim, advisory or recruitment opportunity. You earn commission when it closes." />

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start xl:gap-8">
        <aside className="hidden lg:sticky lg:top-22 lg:grid lg:gap-4">
          <nav aria-label="Form sections" className="rounded-xl border border-border bg-card p-2 shadow-card">
            <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">On this form</p>
            <ol className="grid">
              {LEAD_FORM_SECTIONS.map((s, i) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      const el = document.getElementById(s.id);
                      el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                      el?.querySelector<HTMLElement>('input:not([type=radio]), input[type=radio]:checked, button[role=combobox], textarea')?.focus({
                        preventScroll: true,
                      });
                    }}
                    className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
                  >
                    <span className="flex size-5 items-center justify-center rounded-full bg-muted text-[11px] font-semibold" aria-hidden>
                      {i + 1}
                    </span>
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <WhatHappensNext />
          <div className="flex gap-2.5 rounded-xl border border-success/20 bg-success-soft p-4 text-[13px] leading-snug text-success">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            Only our team sees the contact details you share here.
          </div>
        </aside>

        <div className="grid gap-6">
          <Card className="p-5 sm:p-7">
            <LeadForm
              pending={submit.isPending}
              onSubmit={(data, placeServerErrors) =>
                submit.mutate(data, {
                  onSuccess: () => {
                    toast({
                      variant: 'success',
                      title: 'Lead submitted successfully!',
                      description: 'We will review it and you will be notified of any updates.',
                    });
                    void navigate('/leads');
                  },
                  onError: (err) => {
                    placeServerErrors(err);
                    toast({ variant: 'destructive', title: 'Error', description: 'Failed to submit lead. Please try again.' });
                  },
                })
              }
            />
          </Card>
          <WhatHappensNext className="lg:hidden" />
        </div>
      </div>
    </>
  );
}
