import { MapPin, Search, X } from 'lucide-react';
import { EXPERTISE_OPTIONS, INDUSTRY_OPTIONS } from '../../../../../common/constants/options.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';

const ALL = 'all';

export interface DirectoryFilterValues {
  search: string;
  industry: string;
  expertise: string;
  location: string;
}

export const NO_FILTERS: DirectoryFilterValues = { search: '', industry: '', expertise: '', location: '' };

/**
 * The directory's search box (name, company or job title), the Industry and Expertise filters (the product's option
 * lists) and a Location box; "Clear filters" when any is set. The text boxes reach the server once typing pauses.
 */
export function DirectoryFilters({ value, onChange, updating }: { value: DirectoryFilterValues; onChange: (next: DirectoryFilterValues) => void; updating: boolean }) {
  const set = (patch: Partial<DirectoryFilterValues>) => onChange({ ...value, ...patch });
  const active = Object.values(value).some((v) => v.trim() !== '');
  return (
    <div className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="directory-search">Search members</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="directory-search"
            type="search"
            className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            placeholder="Name, company or job title"
            value={value.search}
            onChange={(e) => set({ search: e.target.value })}
            maxLength={100}
            autoComplete="off"
          />
          {updating ? (
            <span className="absolute right-3 top-1/2 -translate-y-1/2">
              <Spinner className="size-4" label="Searching" />
            </span>
          ) : (
            value.search && (
              <button
                type="button"
                onClick={() => set({ search: '' })}
                className="absolute right-2 top-1/2 -translate-y-1/2 cursor-pointer rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" aria-hidden />
                <span className="sr-only">Clear search</span>
              </button>
            )
          )}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="directory-industry">Industry</Label>
        <Select value={value.industry || ALL} onValueChange={(v) => set({ industry: v === ALL ? '' : v })}>
          <SelectTrigger id="directory-industry">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All industries</SelectItem>
            {INDUSTRY_OPTIONS.map((o) => (
              <SelectItem key={o} value={o}>
                {o}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="directory-expertise">Expertise</Label>
        <Select value={value.expertise || ALL} onValueChange={(v) => set({ expertise: v === ALL ? '' : v })}>
          <SelectTrigger id="directory-expertise">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All expertise</SelectItem>
            {EXPERTISE_OPTIONS.map((o) => (
              <SelectItem key={o} value={o}>
                {o}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="directory-location">Location</Label>
        <div className="relative">
          <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="directory-location"
            className="pl-9"
            placeholder="City or region"
            value={value.location}
            onChange={(e) => set({ location: e.target.value })}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      </div>
      {active && (
        <div className="flex justify-end sm:col-span-2 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden /> Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
