/** Community Hub tab (being built). */
export function ProgressTab() {
  return <p className="text-sm text-muted-foreground">Loading this section…</p>;
}
