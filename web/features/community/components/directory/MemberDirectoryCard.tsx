import { Briefcase, Building2, Eye, MapPin } from 'lucide-react';
import type { DirectoryMember } from '../../../../../common/schemas/community.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { PresenceDot } from '../../../presence/index.ts';
import { ConnectionBadge, ConnectionControls } from './ConnectionControls.tsx';
import { TagList } from './TagList.tsx';

/**
 * One member in the directory: picture or initials, name, job title, company and location, their industries and
 * expertise (a few each, then "+N"), the connection's status, View Profile and the connection's action.
 */
export function MemberDirectoryCard({ member, isSelf, onView }: { member: DirectoryMember; isSelf: boolean; onView: (m: DirectoryMember) => void }) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <div className="relative shrink-0">
          <UserAvatar person={member} className="size-12 text-base" />
          <PresenceDot userId={member.id} />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-[15px] font-semibold" title={name}>
            {name}
            {isSelf && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
          </h3>
          <p className="flex items-center gap-1.5 truncate text-sm text-muted-foreground" title={member.jobTitle ?? undefined}>
            <Briefcase className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{member.jobTitle || 'Member'}</span>
          </p>
          {member.company && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground" title={member.company}>
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{member.company}</span>
            </p>
          )}
          {member.location && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground" title={member.location}>
              <MapPin className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{member.location}</span>
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 min-h-6">
        <ConnectionBadge connection={member.connection} isSelf={isSelf} />
      </div>
      <div className="mt-3 grid gap-3">
        <TagList label="Industries" tags={member.industries} max={3} />
        <TagList label="Expertise" tags={member.expertise} max={3} tone="primary" />
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Button size="sm" variant="outline" onClick={() => onView(member)} aria-label={`View profile of ${name}`}>
          <Eye aria-hidden /> View Profile
        </Button>
        <ConnectionControls member={member} connection={member.connection} isSelf={isSelf} />
      </div>
    </Card>
  );
}
