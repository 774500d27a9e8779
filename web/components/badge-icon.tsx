import {
  Award,
  BadgeCheck,
  Briefcase,
  CalendarCheck,
  CloudRain,
  Compass,
  Crown,
  Gem,
  GraduationCap,
  Handshake,
  Layers,
  Leaf,
  Link,
  Medal,
  Megaphone,
  MessageSquare,
  Network,
  Send,
  Sprout,
  Star,
  ThumbsUp,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import { cn } from '../lib/utils.ts';

/**
 * The icons achievements and levels name (their iconName / badgeIcon). Listed one by one so the bundle carries only
 * these; a name not listed shows the award ribbon.
 */
const ICONS: Record<string, LucideIcon> = {
  Award,
  BadgeCheck,
  Briefcase,
  CalendarCheck,
  CloudRain,
  Compass,
  Crown,
  Gem,
  GraduationCap,
  Handshake,
  Layers,
  Leaf,
  Link,
  Medal,
  Megaphone,
  MessageSquare,
  Network,
  Send,
  Sprout,
  Star,
  ThumbsUp,
  Trophy,
  Users,
};

export function iconByName(name: string): LucideIcon {
  return ICONS[name] ?? Award;
}

/** A hex colour from the data, or the product's gold when it is not one (it is put into a style). */
const safeColour = (c: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : '#FFD700');

/**
 * An achievement's or level's icon on a tile tinted with its colour; the icon is darkened so a light colour (gold)
 * still reads on white. `muted` greys it out (a locked achievement). Decorative: the name is shown beside it.
 */
export function BadgeIcon({ name, colour, muted = false, className }: { name: string; colour: string; muted?: boolean; className?: string }) {
  const c = safeColour(colour);
  return (
    <span
      aria-hidden
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5', muted && 'bg-muted text-muted-foreground', className)}
      style={muted ? undefined : { backgroundColor: `color-mix(in srgb, ${c} 16%, white)`, color: `color-mix(in srgb, ${c} 72%, black)` }}
    >
      {createElement(iconByName(name))}
    </span>
  );
}
