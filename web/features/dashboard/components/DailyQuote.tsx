import { Quote } from 'lucide-react';
import { quoteOfTheDay } from '../../../../common/constants/quotes.ts';
import { Card } from '../../../components/ui/card.tsx';

/** Today's quote, chosen by day of the year. */
export function DailyQuote() {
  const quote = quoteOfTheDay();
  return (
    <Card className="flex gap-4 p-6">
      <Quote className="size-6 shrink-0 text-primary/60" aria-hidden />
      <figure>
        <blockquote className="text-[15px] font-medium leading-relaxed text-foreground">“{quote.text}”</blockquote>
        <figcaption className="mt-2 text-sm text-muted-foreground">— {quote.author}</figcaption>
      </figure>
    </Card>
  );
}
