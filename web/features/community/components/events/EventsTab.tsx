/** Community Hub tab (being built). */
export function EventsTab() {
  return <p className="text-sm text-muted-foreground">Loading this section…</p>;
}
