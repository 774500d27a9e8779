import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

interface CardMember {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  profilePicture?: string | null;
}

/**
 * A member at a glance: avatar (initials when there is no picture), name, job title and company, up to three
 * reasons why they are suggested, and an action area (e.g. a Connect button) at the bottom. With `onView`, the name
 * is a button that opens their profile.
 */
export function MemberCard({ member, reasons = [], action, onView }: { member: CardMember; reasons?: string[]; action?: ReactNode; onView?: () => void }) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  const shown = reasons.slice(0, 3);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <UserAvatar person={member} className="size-12 text-base" />
        <div className="min-w-0">
          <h3 className="truncate text-[15px] font-semibold" title={name}>
            {onView ? (
              // the name opens the member's profile, so they can be looked at before a connection is asked for
              <button
                type="button"
                onClick={onView}
                aria-haspopup="dialog"
                aria-label={`View ${name}'s profile`}
                className="max-w-full cursor-pointer truncate text-left text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {name}
              </button>
            ) : (
              name
            )}
          </h3>
          <p className="truncate text-sm text-muted-foreground" title={member.jobTitle ?? undefined}>
            {member.jobTitle || 'Member'}
          </p>
          {member.company && (
            <p className="truncate text-sm text-muted-foreground" title={member.company}>
              {member.company}
            </p>
          )}
        </div>
      </div>
      {shown.length > 0 && (
        <div className="mt-4">
          <p className="sr-only">Why you might connect:</p>
          <ul className="grid gap-1.5">
            {shown.map((r) => (
              <li key={r} className="flex items-start gap-2 text-[13px] leading-snug text-foreground/85">
                <Sparkles className="mt-0.5 size-3.5 shrink-0 text-primary/70" aria-hidden />
                <span className="min-w-0 break-words">{r}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {action && <div className="mt-auto flex gap-2 pt-5">{action}</div>}
    </Card>
  );
}
