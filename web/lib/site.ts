import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SiteInfo } from '../../common/schemas/user.ts';

const DEFAULT_SITE: SiteInfo = {
  brandName: 'Chief Partners',
  supportEmail: 'membership@chiefpartners.example',
  signIn: { google: false, apple: false },
};

/** Public facts about the deployment (brand name, support e-mail); defaults until loaded or on failure. */
export function useSite(): SiteInfo & { isLoaded: boolean } {
  const q = useQuery<SiteInfo>({ queryKey: ['/api/site'] });
  return { ...(q.data ?? DEFAULT_SITE), isLoaded: !!q.data };
}

/** Sets the window title: "<page> · <brand>", or the brand alone. */
export function useDocumentTitle(page?: string) {
  const { brandName } = useSite();
  useEffect(() => {
    document.title = page ? `${page} · ${brandName}` : brandName;
  }, [page, brandName]);
}
