/*
 * The lead feature's public entry: the only module other features may import from it (the pipeline board and
 * the Admin Panel's Lead Management use its lists, dialogs and status colours). The router loads My Leads, Submit
 * New Lead and a lead's own page from pages/ itself, so each stays a chunk of its own; nothing here may import a page.
 */

export { leadListQuery } from './api/leads.ts';
export { useUpdateLead } from './api/update-lead.ts';
export { LeadExportButton, LeadFilters, LeadOwnerFilter, LeadPagination } from './components/LeadListControls.tsx';
export { STATUS_DOTS, StatusOption } from './components/LeadStatusBadge.tsx';
export { LeadTable, LeadTableSkeleton } from './components/LeadTable.tsx';
export { UpdateStatusDialog } from './components/UpdateStatusDialog.tsx';
export { useLeadList } from './lib/use-lead-list.ts';
