import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportReport } from '../../../../common/schemas/imports.ts';
import { api } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  /** The status imported members start in (members only). */
  status?: 'approved' | 'pending';
  dryRun: boolean;
}

/** The form an import sends: the CSV file, and for members the status chosen. */
function importForm({ kind, file, status }: ImportRequest): FormData {
  const form = new FormData();
  if (kind === 'members' && status) form.append('status', status);
  form.append('file', file);
  return form;
}

/**
 * POST /api/admin/imports/{kind}: a dry run ("Check file") answers the report and changes nothing; the import itself
 * adds members or leads, which the users list, the lead lists and the overview then show.
 */
export function useImportFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => api.postForm<ImportReport>(`/api/admin/imports/${request.kind}${request.dryRun ? '?dryRun=true' : ''}`, importForm(request)),
    onSuccess: (report) => {
      if (report.dryRun || report.created === 0) return;
      changed(client, report.kind === 'members' ? 'member' : 'lead');
    },
  });
}
