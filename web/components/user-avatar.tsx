import { initials } from '../lib/utils.ts';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';

interface Person {
  firstName: string;
  lastName: string;
  profilePicture?: string | null;
}

/** A member's picture, or their initials when there is none. Decorative: the name is always shown next to it. */
export function UserAvatar({ person, className }: { person: Person; className?: string }) {
  return (
    <Avatar className={className} aria-hidden>
      {person.profilePicture && <AvatarImage src={person.profilePicture} alt="" />}
      <AvatarFallback>{initials(person.firstName, person.lastName)}</AvatarFallback>
    </Avatar>
  );
}
