import { initials } from '../lib/utils.ts';
import type { PictureSize } from '../../common/schemas/profile.ts';
import { pictureAt } from '../lib/picture.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

interface Person {
  firstName: string;
  lastName: string;
  profilePicture?: string | null;
}

/**
 * A member's picture (at the stored size asked for; the shell asks for the small one), or their initials when there is none or it
 * cannot load. Decorative: the name is always shown or announced next to it.
 */
export function UserAvatar({ person, className, pictureSize = 256 }: { person: Person; className?: string; pictureSize?: PictureSize }) {
  return (
    <Avatar className={className} aria-hidden>
      {person.profilePicture && <AvatarImage src={pictureAt(person.profilePicture, pictureSize) ?? undefined} alt="" />}
      <AvatarFallback>{initials(person.firstName, person.lastName)}</AvatarFallback>
    </Avatar>
  );
}
