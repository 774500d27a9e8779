import { useQuery } from '@tanstack/react-query';

/** An e-mail the product sent or kept (GET /api/admin/outbox). */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  transport: string;
  status: string;
  error: string | null;
  createdAt: string;
}

/** The newest 50 e-mails; read when the Outbox tab is opened. */
export function useOutbox(enabled: boolean) {
  return useQuery<OutboxEmail[]>({ queryKey: ['/api/admin/outbox'], enabled });
}

/** How many applications wait for review (the same answer the review screen uses). */
export function usePendingCount() {
  return useQuery<{ pending: number }>({ queryKey: ['/api/admin/application-stats'] });
}
