/** Admin Panel → Lead Management tab. Stub; being built out. */
export function LeadManagementPanel() {
  return <p className="text-sm text-muted-foreground">Lead management is loading…</p>;
}
