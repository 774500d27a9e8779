import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MENTOR_FULLY_BOOKED } from '../../../../common/constants/mentoring.ts';
import type {
  MentorDiscoveryPage,
  MentorProfile,
  MentorProfileCreateData,
  MentorshipRequest,
  MentorshipRequestCreateData,
  MentorshipRequestPage,
} from '../../../../common/schemas/mentoring.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

export const MENTORS_PAGE_SIZE = 12;
export const REQUESTS_PAGE_SIZE = 25;

/** Query keys: the endpoint path first, so invalidating the path refreshes every page and filter of it. */
export const mentoringKeys = {
  mentors: ['/api/mentor-profiles'] as const,
  mentorList: (q: MentorListQuery) => ['/api/mentor-profiles', q] as const,
  profile: (userId: string) => ['/api/mentor-profile', userId] as const,
  menteeRequests: (userId: string) => ['/api/mentorship-requests/mentee', userId] as const,
  mentorRequests: ['/api/mentorship-requests/mentor'] as const,
};

export interface MentorListQuery {
  search: string;
  specialization: string;
  industry: string;
  availability: 'all' | 'available' | 'full';
  page: number;
}

/** GET /api/mentor-profiles: active mentors scored for the viewer, best match first, with the filter menus and the available count. */
export function useMentorList(q: MentorListQuery) {
  return useQuery({
    queryKey: mentoringKeys.mentorList(q),
    queryFn: () =>
      api.get<MentorDiscoveryPage>(
        withQuery('/api/mentor-profiles', {
          search: q.search,
          specialization: q.specialization,
          industry: q.industry,
          availability: q.availability === 'all' ? '' : q.availability,
          page: q.page,
          pageSize: MENTORS_PAGE_SIZE,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The viewer's own mentor profile, or null when they have none (the server answers 404). */
export function useOwnMentorProfile(userId: string | null) {
  return useQuery({
    queryKey: mentoringKeys.profile(userId ?? ''),
    queryFn: async () => {
      try {
        return await api.get<MentorProfile>(`/api/mentor-profile/${encodeURIComponent(userId ?? '')}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!userId,
  });
}

/** POST /api/mentor-profiles: the viewer becomes a mentor. */
export function useCreateMentorProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorProfileCreateData) => api.post<MentorProfile>('/api/mentor-profiles', body),
    onSuccess: (profile) => {
      client.setQueryData(mentoringKeys.profile(profile.userId), profile);
      toast({ variant: 'success', title: 'Success', description: 'Your mentor profile has been created!' });
      void invalidateKeys(client, [mentoringKeys.mentors, mentoringKeys.mentorRequests]);
    },
  });
}

/** The viewer's own requests as a mentee. */
export function useMyRequests(userId: string | null) {
  return useQuery({
    queryKey: mentoringKeys.menteeRequests(userId ?? ''),
    queryFn: () => api.get<MentorshipRequestPage>(withQuery(`/api/mentorship-requests/mentee/${encodeURIComponent(userId ?? '')}`, { pageSize: REQUESTS_PAGE_SIZE })),
    enabled: !!userId,
  });
}

/** Requests sent to the viewer as a mentor. */
export function useIncomingRequests(enabled: boolean) {
  return useQuery({
    queryKey: mentoringKeys.mentorRequests,
    queryFn: () => api.get<MentorshipRequestPage>(withQuery('/api/mentorship-requests/mentor', { pageSize: REQUESTS_PAGE_SIZE })),
    enabled,
  });
}

function useRefreshRequests() {
  const client = useQueryClient();
  return () => invalidateKeys(client, [mentoringKeys.mentors, ['/api/mentorship-requests/mentee'], mentoringKeys.mentorRequests, ['/api/mentor-profile']]);
}

/** POST /api/mentorship-requests; the form shows failures itself. */
export function useCreateMentorshipRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (body: MentorshipRequestCreateData) => api.post<MentorshipRequest>('/api/mentorship-requests', body),
    onSuccess: () => toast({ variant: 'success', title: 'Request Sent', description: 'Your mentorship request has been sent successfully!' }),
    onSettled: () => void refresh(),
  });
}

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.status !== 500 && err.detail ? err.detail : fallback);

/** Withdraw, accept or decline one request. A 409 (e.g. the mentor is fully booked) is shown as the toast. */
export function useRequestAction() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'withdraw' | 'accept' | 'decline' }) =>
      api.post<MentorshipRequest>(`/api/mentorship-requests/${encodeURIComponent(id)}/${action}`),
    onSuccess: (_d, { action }) =>
      toast({
        variant: action === 'accept' ? 'success' : 'default',
        title: action === 'accept' ? 'Request Accepted' : action === 'decline' ? 'Request Declined' : 'Request Withdrawn',
        description:
          action === 'accept' ? 'You are now mentoring this member.' : action === 'decline' ? 'The member has been told.' : 'Your mentorship request has been withdrawn.',
      }),
    onError: (err) => {
      const booked = err instanceof ApiError && err.status === 409;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: booked ? err.detail || MENTOR_FULLY_BOOKED : failure(err, 'Failed to update the request. Please try again.'),
      });
    },
    onSettled: () => void refresh(),
  });
}
