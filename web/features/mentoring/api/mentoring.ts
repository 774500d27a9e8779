import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MENTOR_FULLY_BOOKED } from '../../../../common/constants/mentoring.ts';
import type {
  MentorDiscoveryPage,
  MentorProfile,
  MentorProfileCreateData,
  MentorProfileUpdate,
  MentorshipRequest,
  MentorshipRequestCreateData,
  MentorshipRequestPage,
  MentorshipSession,
  MentorshipSessionCreate,
  MentorshipSessionRate,
  OwnMentorProfile,
} from '../../../../common/schemas/mentoring.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { mentoringKeys, type MentorListQuery } from './keys.ts';
export { mentoringKeys, type MentorListQuery } from './keys.ts';

export const MENTORS_PAGE_SIZE = 12;
export const REQUESTS_PAGE_SIZE = 25;

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

/** The viewer's own mentor profile (paused or not), or null when they have none yet. */
export function useOwnMentorProfile(enabled: boolean) {
  return useQuery({
    queryKey: mentoringKeys.own,
    queryFn: async () => (await api.get<OwnMentorProfile>('/api/mentor-profiles/me')).profile,
    enabled,
  });
}

/** POST /api/mentor-profiles: the viewer becomes a mentor. */
export function useCreateMentorProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorProfileCreateData) => api.post<MentorProfile>('/api/mentor-profiles', body),
    onSuccess: (profile) => {
      client.setQueryData(mentoringKeys.own, profile);
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

/** A request sent, answered or ended changes the mentors' free places and both sides' requests. */
function useRefreshRequests() {
  const client = useQueryClient();
  return () => changed(client, 'mentorship');
}

/** PATCH /api/mentor-profiles/me: edit, pause or resume the viewer's own profile; the caller shows failures. */
export function useUpdateMentorProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorProfileUpdate) => api.patch<MentorProfile>('/api/mentor-profiles/me', body),
    onSuccess: (profile) => {
      client.setQueryData(mentoringKeys.own, profile);
      void invalidateKeys(client, [mentoringKeys.mentors]);
    },
  });
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

export const SESSIONS_PAGE_SIZE = 100;

/** The sessions of one mentorship, soonest first. */
export function useSessions(requestId: string) {
  return useQuery({
    queryKey: mentoringKeys.sessions(requestId),
    queryFn: async () =>
      (
        await api.get<{ items: MentorshipSession[]; total: number }>(
          withQuery(`/api/mentorship-requests/${encodeURIComponent(requestId)}/sessions`, { pageSize: SESSIONS_PAGE_SIZE }),
        )
      ).items,
  });
}

/** POST /api/mentorship-requests/:id/sessions: the mentor schedules a session; the dialog shows failures. */
export function useScheduleSession(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorshipSessionCreate) => api.post<MentorshipSession>(`/api/mentorship-requests/${encodeURIComponent(requestId)}/sessions`, body),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Session Scheduled', description: 'Your mentee has been notified.' });
      void invalidateKeys(client, [mentoringKeys.sessions(requestId)]);
    },
  });
}

/** POST /api/mentorship-sessions/:id/complete: either side marks a session as held. */
export function useCompleteSession(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.post<MentorshipSession>(`/api/mentorship-sessions/${encodeURIComponent(sessionId)}/complete`),
    onSuccess: () => toast({ variant: 'success', title: 'Session Completed', description: 'The session has been marked as completed.' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: failure(err, 'Failed to update the session. Please try again.') }),
    onSettled: () => void invalidateKeys(client, [mentoringKeys.sessions(requestId)]),
  });
}

/** POST /api/mentorship-sessions/:id/rate: the mentee rates a held session once; the mentor's mean rating changes. */
export function useRateSession(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, body }: { sessionId: string; body: MentorshipSessionRate }) =>
      api.post<MentorshipSession>(`/api/mentorship-sessions/${encodeURIComponent(sessionId)}/rate`, body),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Thank You', description: 'Your rating has been saved.' });
      void invalidateKeys(client, [mentoringKeys.sessions(requestId), mentoringKeys.mentors, mentoringKeys.own]);
    },
  });
}
