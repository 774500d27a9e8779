import { Download, Sheet } from 'lucide-react';
import { TIMESHEET_STATUSES, TIMESHEET_STATUS_LABELS, type TimesheetRole, type TimesheetStatus } from '../../../../common/constants/timesheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { withQuery } from '../../../lib/query-keys.ts';
import { usePageFor } from '../../../lib/use-page.ts';
import { useState } from 'react';
import { SheetsPanel } from './SheetsPanel.tsx';

const ROLE_LABELS: Record<TimesheetRole, string> = { all: 'Everyone’s sheets', contractor: 'Mine as contractor', client: 'Mine as client' };

/** "All sheets", for administrators: every sheet, filtered by status and role, with a CSV of the current filter. */
export function AllSheetsTab() {
  const [status, setStatus] = useState<TimesheetStatus | 'all'>('all');
  const [role, setRole] = useState<TimesheetRole>('all');
  const [page, setPage] = usePageFor(`${status}:${role}`);
  const csv = withQuery('/api/timesheets/export.csv', { status: status === 'all' ? undefined : status });
  return (
    <SheetsPanel
      title="All sheets"
      description="Every placement’s timesheets, newest week first."
      icon={Sheet}
      side={role}
      status={status === 'all' ? undefined : status}
      page={page}
      onPage={setPage}
      pageSize={25}
      who="both"
      emptyTitle="No timesheets match"
      emptyText={status === 'all' && role === 'all' ? 'Contractors’ sheets appear here once they start a week.' : 'Try another status or role.'}
      controls={
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="all-sheets-status">Status</Label>
            <Select value={status} onValueChange={(v) => setStatus(v as TimesheetStatus | 'all')}>
              <SelectTrigger id="all-sheets-status" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All statuses</SelectItem>
                {TIMESHEET_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {TIMESHEET_STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="all-sheets-role">Role</Label>
            <Select value={role} onValueChange={(v) => setRole(v as TimesheetRole)}>
              <SelectTrigger id="all-sheets-role" className="w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(ROLE_LABELS) as TimesheetRole[]).map((r) => (
                  <SelectItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" asChild>
            <a href={csv} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        </div>
      }
    />
  );
}
