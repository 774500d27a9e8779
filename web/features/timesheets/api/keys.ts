/**
 * Query keys of timesheets and placements, each starting with its endpoint's path: invalidating `all` refreshes
 * every list and filter of sheets, `placementsAll` every list of placements; a sheet's own key is its address.
 */
export const timesheetKeys = {
  all: ['/api/timesheets'] as const,
  list: (p: { role: string; status?: string; page: number; pageSize: number; after?: string; before?: string }) => ['/api/timesheets', p] as const,
  sheet: (id: string) => [`/api/timesheets/${id}`] as const,
  placementsAll: ['/api/placements'] as const,
  placements: (p: { role: string; page: number; pageSize: number; after?: string; before?: string }) => ['/api/placements', p] as const,
};
