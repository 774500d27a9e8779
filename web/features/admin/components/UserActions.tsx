import { Eye, Mail, Power, PowerOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminUser } from '../../../../common/schemas/member.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/utils.ts';

export function fullName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

function Tip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * A user's row actions: details for everyone; mail, activate/deactivate and remove only for other people
 * (spec 02: hidden on the admin's own row — the server refuses them too).
 */
export function UserActions({
  user,
  isSelf,
  toggling,
  removing,
  onDetails,
  onToggle,
  onRemove,
  layout = 'icons',
}: {
  user: AdminUser;
  isSelf: boolean;
  toggling: boolean;
  removing: boolean;
  onDetails: () => void;
  onToggle: () => void;
  onRemove: () => void;
  layout?: 'icons' | 'buttons';
}) {
  const name = fullName(user);
  const icons = layout === 'icons';
  const toggleLabel = user.isActive ? 'Deactivate' : 'Activate';

  const details = (
    <Button variant={icons ? 'ghost' : 'outline'} size={icons ? 'icon-sm' : 'sm'} onClick={onDetails} aria-label={`View details of ${name}`}>
      <Eye aria-hidden />
      {!icons && 'Details'}
    </Button>
  );

  if (isSelf) return <div className="flex items-center justify-end gap-1">{icons ? <Tip label="View details">{details}</Tip> : details}</div>;

  const mail = (
    <Button asChild variant={icons ? 'ghost' : 'outline'} size={icons ? 'icon-sm' : 'sm'}>
      <a href={`mailto:${user.email}`} aria-label={`E-mail ${name}`}>
        <Mail aria-hidden />
        {!icons && 'E-mail'}
      </a>
    </Button>
  );

  const toggle = (
    <Button
      variant={icons ? 'ghost' : 'outline'}
      size={icons ? 'icon-sm' : 'sm'}
      onClick={onToggle}
      disabled={toggling || removing}
      aria-label={`${toggleLabel} ${name}`}
      className={cn(icons && (user.isActive ? 'text-warning hover:text-warning' : 'text-success hover:text-success'))}
    >
      {toggling ? <Spinner className="size-4" label={user.isActive ? 'Deactivating' : 'Activating'} /> : user.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
      {!icons && toggleLabel}
    </Button>
  );

  const removeTrigger = (
    <AlertDialogTrigger asChild>
      <Button
        variant={icons ? 'ghost' : 'outline'}
        size={icons ? 'icon-sm' : 'sm'}
        disabled={removing || toggling}
        aria-label={`Remove ${name}`}
        className="text-destructive hover:bg-destructive-soft hover:text-destructive"
      >
        {removing ? <Spinner className="size-4 text-destructive" label="Removing" /> : <Trash2 aria-hidden />}
        {!icons && 'Remove'}
      </Button>
    </AlertDialogTrigger>
  );

  return (
    <div className={cn('flex items-center gap-1', icons ? 'justify-end' : 'flex-wrap gap-2')}>
      {icons ? <Tip label="View details">{details}</Tip> : details}
      {icons ? <Tip label={`E-mail ${user.firstName}`}>{mail}</Tip> : mail}
      {icons ? <Tip label={toggleLabel}>{toggle}</Tip> : toggle}
      <AlertDialog>
        {icons ? <Tip label="Remove">{removeTrigger}</Tip> : removeTrigger}
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              Their account will be deactivated and hidden from member lists, and they will be signed out. Their leads and commissions are kept.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onRemove}>
              <Trash2 className="size-4" aria-hidden /> Remove user
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
