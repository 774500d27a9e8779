import { Banknote, CalendarDays, Landmark, Receipt, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

const FACTS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: CalendarDays, title: 'Processed monthly', text: 'Commissions from closed-won leads are processed once a month.' },
  { icon: Landmark, title: 'Bank transfer or PayPal', text: 'Paid by bank transfer (BACS) or PayPal, whichever you prefer.' },
  { icon: Banknote, title: 'Paid gross', text: 'Amounts are paid gross, without deductions; you account for your own tax.' },
  { icon: Receipt, title: '30 day payment terms', text: 'Payment follows within 30 days of the commission being confirmed.' },
];

/** How and when commissions are paid. */
export function PaymentInformation() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment information</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FACTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden />
              </span>
              <div>
                <p className="text-sm font-medium">{title}</p>
                <p className="mt-0.5 text-[13px] leading-snug text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
