import { ClipboardCheck, Inbox } from 'lucide-react';
import { useState } from 'react';
import { TIMESHEET_STATUS_LABELS } from '../../../../common/constants/timesheets.ts';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { usePageFor } from '../../../lib/use-page.ts';
import { SheetsPanel } from './SheetsPanel.tsx';

const DECIDED = ['approved', 'rejected'] as const;

/** "To approve", the client's tab: the sheets waiting for them, then the ones they (or an administrator) decided. */
export function ApproveTab() {
  const [pendingPage, setPendingPage] = useState(1);
  const [decided, setDecided] = useState<(typeof DECIDED)[number]>('approved');
  const [decidedPage, setDecidedPage] = usePageFor(decided);
  return (
    <div className="grid gap-6">
      <SheetsPanel
        title="Waiting for you"
        description="Sheets your contractors have submitted. Open one to check the days, then approve or reject it."
        icon={Inbox}
        side="client"
        status="pending"
        page={pendingPage}
        onPage={setPendingPage}
        who="client"
        emptyTitle="Nothing to approve"
        emptyText="When a contractor submits a week, it appears here and you get a notification."
      />
      <SheetsPanel
        title="Decided"
        description="Sheets already approved or rejected, newest week first."
        icon={ClipboardCheck}
        side="client"
        status={decided}
        page={decidedPage}
        onPage={setDecidedPage}
        who="client"
        emptyTitle={decided === 'approved' ? 'No approved sheets yet' : 'No rejected sheets'}
        emptyText={decided === 'approved' ? 'Sheets you approve are kept here.' : 'Sheets you reject go back to the contractor to correct.'}
        controls={
          <div className="grid gap-1.5 sm:w-48">
            <Label htmlFor="decided-status">Show</Label>
            <Select value={decided} onValueChange={(v) => setDecided(v as (typeof DECIDED)[number])}>
              <SelectTrigger id="decided-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DECIDED.map((s) => (
                  <SelectItem key={s} value={s}>
                    {TIMESHEET_STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        }
      />
    </div>
  );
}
