import { TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/utils.ts';

/**
 * The duplicate and ownership check's finding, shown while the form is filled in: it never blocks submitting and
 * never says whose lead it is.
 */
export function DuplicateNotice({ id, kind, className }: { id: string; kind: 'company' | 'domain'; className?: string }) {
  return (
    <div id={id} className={cn('flex gap-3 rounded-lg border border-warning/30 bg-warning-soft px-3.5 py-3 text-sm text-warning', className)}>
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{kind === 'company' ? 'This company is already in the pipeline' : 'A contact at this e-mail domain is already in the pipeline'}</p>
        <p className="mt-0.5 text-[13px] leading-snug text-foreground/80">
          {kind === 'company'
            ? 'Another open lead names the same company. You can still submit: our team will check whether yours is a new opportunity and who introduced it first.'
            : 'An open lead has a contact at the same organisation. You can still submit; our team will check for overlap before working it.'}
        </p>
      </div>
    </div>
  );
}
