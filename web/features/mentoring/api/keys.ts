/** Query keys: the endpoint path first, so invalidating the path refreshes every page and filter of it. */
export const mentoringKeys = {
  mentors: ['/api/mentor-profiles'] as const,
  mentorList: (q: MentorListQuery) => ['/api/mentor-profiles', q] as const,
  own: ['/api/mentor-profiles/me'] as const,
  sessions: (requestId: string) => ['/api/mentorship-requests/sessions', requestId] as const,
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
