import { APPLICATION_CHECKS, type ApplicationCheckKey } from '../../../../common/constants/options.ts';
import type { PendingApplication } from '../../../../common/schemas/applications.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/utils.ts';

const WARNING_KEYS: ApplicationCheckKey[] = ['competitorFlag', 'industryConflict'];

/** The six review checkboxes of an application; each change is reported with its one field. */
export function ChecklistControls({
  idPrefix,
  application,
  onChange,
  className,
}: {
  idPrefix: string;
  application: PendingApplication;
  onChange: (key: ApplicationCheckKey, checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid grid-cols-1 gap-x-5 gap-y-2.5 min-[440px]:grid-cols-2 md:grid-cols-3', className)}>
      {APPLICATION_CHECKS.map(({ key, label }) => {
        const id = `${idPrefix}-${key}`;
        const checked = application[key];
        const warn = WARNING_KEYS.includes(key);
        return (
          <div key={key} className="flex items-center gap-2.5">
            <Checkbox
              id={id}
              checked={checked}
              onCheckedChange={(c) => onChange(key, c === true)}
              className={cn(warn && 'data-[state=checked]:border-destructive data-[state=checked]:bg-destructive')}
            />
            <label htmlFor={id} className={cn('cursor-pointer text-sm', warn && checked ? 'font-medium text-destructive' : 'text-foreground')}>
              {label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
