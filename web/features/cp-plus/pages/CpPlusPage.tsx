import { CalendarDays, ChartColumn, Crown, GraduationCap, Headphones, Library, Network, Sparkles } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';

const FEATURES = [
  { title: 'Premium Content Library', text: 'In-depth playbooks, market reports and masterclasses from senior leaders.', icon: Library },
  { title: 'Executive Networking', text: 'Curated introductions to board members, investors and C-suite peers.', icon: Network },
  { title: 'Professional Coaching', text: 'One-to-one sessions with experienced executive coaches.', icon: GraduationCap },
  { title: 'Priority Support', text: 'A dedicated partner manager and faster answers when you need them.', icon: Headphones },
  { title: 'Exclusive Events', text: 'Invitation-only dinners, roundtables and retreats.', icon: CalendarDays },
  { title: 'Advanced Analytics', text: 'Deeper insight into your referrals, pipeline and earnings.', icon: ChartColumn },
];

const PERKS = ['Priority access', 'Special launch pricing', 'Retroactive benefits'];

/** CP+ (/cp-plus): the static coming-soon page for the premium tier. */
export function CpPlusPage() {
  useDocumentTitle('CP+');
  return (
    <div className="grid gap-8">
      <section
        aria-labelledby="cpplus-heading"
        className="relative overflow-hidden rounded-xl bg-gradient-to-br from-[#141d38] via-primary to-[#2a3d73] px-6 py-10 text-white shadow-card sm:px-10 sm:py-14"
      >
        <div aria-hidden className="absolute -right-20 -top-24 size-80 rounded-full bg-gold/10" />
        <div className="relative max-w-2xl">
          <Badge variant="gold">
            <Crown aria-hidden /> CP+ Premium
          </Badge>
          <h1 id="cpplus-heading" className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">
            CP+ is coming soon
          </h1>
          <p className="mt-3 text-[15px] leading-relaxed text-white/80 sm:text-base">
            Our premium membership tier, designed for partners who want more: exclusive content, closer connections and personal support to grow your executive
            partnerships.
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Button size="lg" disabled className="bg-gold text-gold-foreground hover:bg-gold disabled:opacity-80">
              <Sparkles aria-hidden /> Coming Soon
            </Button>
            <p className="text-sm font-medium text-white/85">Expected launch: Q1 2026</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="cpplus-features">
        <h2 id="cpplus-features" className="text-lg font-semibold tracking-tight">
          What CP+ will include
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full p-6">
                <span className="flex size-11 items-center justify-center rounded-lg bg-gold-soft text-gold-deep">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-[15px] font-semibold">{title}</h3>
                <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <Card className="border-gold-deep/20 bg-gold-soft/40 p-6 sm:p-8">
        <h2 className="text-base font-semibold">Already a member? You come first.</h2>
        <p className="mt-1.5 text-sm text-muted-foreground">
          Current members will get priority access when CP+ launches, special launch pricing, and retroactive benefits for the partnerships they have already built.
        </p>
        <ul className="mt-4 flex flex-wrap gap-2">
          {PERKS.map((p) => (
            <li key={p}>
              <Badge variant="outline" className="bg-card py-1">
                {p}
              </Badge>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
