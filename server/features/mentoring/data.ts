import { aliasedTable, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mentorProfiles, mentorReviews, mentorshipRequests, mentorshipSessions, users } from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import { nameOf, type FeatureData } from '../data-types.ts';

type RequestRow = typeof mentorshipRequests.$inferSelect;

const request = ({ r, who }: { r: RequestRow; who: string | null }, role: 'mentor' | 'mentee') => ({
  id: r.id,
  [role]: who,
  goalDescription: r.goalDescription,
  timeCommitment: r.timeCommitment,
  duration: r.duration,
  preferredMeetingTime: r.preferredMeetingTime,
  additionalNotes: r.additionalNotes,
  status: r.status,
  createdAt: iso(r.createdAt),
});

/** The mentor profile, mentorship requests both ways, their sessions and the reviews written and received. */
async function mentoringOf(db: Db, userId: string) {
  const other = aliasedTable(users, 'other');
  const [profile] = await db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, userId)).limit(1);
  const asMentee = await db
    .select({ r: mentorshipRequests, who: nameOf(other) })
    .from(mentorshipRequests)
    .innerJoin(other, eq(other.id, mentorshipRequests.mentorId))
    .where(eq(mentorshipRequests.menteeId, userId))
    .orderBy(asc(mentorshipRequests.createdAt));
  const asMentor = await db
    .select({ r: mentorshipRequests, who: nameOf(other) })
    .from(mentorshipRequests)
    .innerJoin(other, eq(other.id, mentorshipRequests.menteeId))
    .where(eq(mentorshipRequests.mentorId, userId))
    .orderBy(asc(mentorshipRequests.createdAt));
  const requestIds = [...asMentee, ...asMentor].map((r) => r.r.id);
  const sessions = requestIds.length
    ? await db.select().from(mentorshipSessions).where(inArray(mentorshipSessions.requestId, requestIds)).orderBy(asc(mentorshipSessions.scheduledAt))
    : [];
  const written = await db
    .select({ r: mentorReviews, who: nameOf(other) })
    .from(mentorReviews)
    .innerJoin(other, eq(other.id, mentorReviews.mentorId))
    .where(eq(mentorReviews.reviewerId, userId));
  const received = await db
    .select({ r: mentorReviews, who: nameOf(other) })
    .from(mentorReviews)
    .innerJoin(other, eq(other.id, mentorReviews.reviewerId))
    .where(eq(mentorReviews.mentorId, userId));
  return {
    mentorProfile: profile
      ? {
          isActive: profile.isActive,
          yearsExperience: profile.yearsExperience,
          specializations: profile.specializations,
          industries: profile.industries,
          mentorshipStyle: profile.mentorshipStyle,
          availabilityHours: profile.availabilityHours,
          maxMentees: profile.maxMentees,
          bio: profile.bio,
          achievements: profile.achievements,
          meetingPreference: profile.meetingPreference,
          hourlyRate: profile.hourlyRate,
          rating: profile.rating,
          totalReviews: profile.totalReviews,
          createdAt: iso(profile.createdAt),
        }
      : null,
    requestsSent: asMentee.map((r) => request(r, 'mentor')),
    requestsReceived: asMentor.map((r) => request(r, 'mentee')),
    sessions: sessions.map((s) => ({
      requestId: s.requestId,
      scheduledAt: iso(s.scheduledAt),
      duration: s.duration,
      meetingLink: s.meetingLink,
      notes: s.notes,
      menteeRating: s.menteeRating,
      mentorRating: s.mentorRating,
      status: s.status,
    })),
    reviewsWritten: written.map(({ r, who }) => ({ mentor: who, rating: r.rating, review: r.review, anonymous: r.isAnonymous, createdAt: iso(r.createdAt) })),
    reviewsReceived: received.map(({ r, who }) => ({ reviewer: r.isAnonymous ? null : who, rating: r.rating, review: r.review, createdAt: iso(r.createdAt) })),
  };
}

const SHARED = 'a mentorship is the other member’s history too; the erased account shows as "Deleted member"';

/** The member's mentoring: their mentor profile is deleted on erasure; mentorships and reviews, shared with another member, stay. */
export const mentoringData = {
  feature: 'mentoring',
  personalTables: [
    { column: mentorProfiles.userId, file: 'mentoring.json', erase: 'deleted' },
    { column: mentorshipRequests.menteeId, file: 'mentoring.json', erase: 'kept', reason: SHARED },
    { column: mentorshipRequests.mentorId, file: 'mentoring.json', erase: 'kept', reason: SHARED },
    { column: mentorReviews.reviewerId, file: 'mentoring.json', erase: 'kept', reason: SHARED },
    { column: mentorReviews.mentorId, file: 'mentoring.json', erase: 'kept', reason: SHARED },
  ],
  sections: [
    {
      file: 'mentoring.json',
      describe: 'your mentor profile, mentorship requests both ways, sessions and reviews',
      collect: async (db, userId) => ({ json: await mentoringOf(db, userId) }),
    },
  ],
  async erase(tx, target) {
    await tx.delete(mentorProfiles).where(eq(mentorProfiles.userId, target.id));
  },
} satisfies FeatureData;
