import { IconFactList } from '../../../components/icon-fact-list.tsx';
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
        <IconFactList items={FACTS} className="sm:grid-cols-2 lg:grid-cols-4" />
      </CardContent>
    </Card>
  );
}
