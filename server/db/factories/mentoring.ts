/**
 * Factories for mentor matching, shared by the API tests and the demo seed. A profile and a request are made
 * through the same services the routes call; a profile's standing (mentees already taken, rating) can be set
 * directly for a fixture that needs a full or well-rated mentor without the history behind it.
 */
import { eq } from 'drizzle-orm';
import type { MentorProfile, MentorProfileCreate, MentorshipRequest, MentorshipRequestCreate } from '../../../common/schemas/mentoring.ts';
import { mentorProfileCreateSchema, mentorshipRequestCreateSchema } from '../../../common/schemas/mentoring.ts';
import { createMentorProfile, getMentorProfile, type MentoringActor } from '../../services/mentoring.ts';
import { answerRequest, createMentorshipRequest, withdrawRequest } from '../../services/mentorship-requests.ts';
import type { Db } from '../client.ts';
import { mentorProfiles } from '../schema/index.ts';

export interface MentorProfileOptions extends Partial<Omit<MentorProfileCreate, 'userId'>> {
  /** The member who becomes a mentor (a factory-made user row will do). */
  user: MentoringActor;
  /** Mentees already taken (default 0), set directly. */
  currentMentees?: number;
  /** The mean review rating as decimal text (default '0.00'), set directly with `totalReviews`. */
  rating?: string;
  totalReviews?: number;
  isActive?: boolean;
  now?: Date;
}

/** A mentor profile as the member creates it (with the form's defaults), then the standing the fixture asks for. */
export async function makeMentorProfile(db: Db, o: MentorProfileOptions): Promise<MentorProfile> {
  const { user, currentMentees, rating, totalReviews, isActive, now = new Date(), ...fields } = o;
  const data = mentorProfileCreateSchema.parse({
    yearsExperience: 12,
    specializations: ['Strategic Planning'],
    industries: ['Banking & Finance'],
    bio: 'Two decades of operations leadership; happy to help new partners find their feet.',
    ...fields,
  });
  await createMentorProfile(db, user, data, now);
  const standing = { currentMentees, rating, totalReviews, isActive };
  if (Object.values(standing).some((v) => v !== undefined)) await db.update(mentorProfiles).set(standing).where(eq(mentorProfiles.userId, user.id));
  return getMentorProfile(db, user, user.id);
}

export interface MentorshipRequestOptions extends Partial<Omit<MentorshipRequestCreate, 'menteeId' | 'mentorId'>> {
  mentee: MentoringActor;
  mentor: MentoringActor;
  /** Where it ends up: the mentor answers or the mentee withdraws it (default pending). */
  status?: 'pending' | 'accepted' | 'declined' | 'withdrawn';
  now?: Date;
}

/** A mentorship request as the mentee sends it, then answered as asked. */
export async function makeMentorshipRequest(db: Db, o: MentorshipRequestOptions): Promise<MentorshipRequest> {
  const { mentee, mentor, status = 'pending', now = new Date(), ...fields } = o;
  const data = mentorshipRequestCreateSchema.parse({
    mentorId: mentor.id,
    goalDescription: 'I would like guidance on growing an advisory practice.',
    ...fields,
  });
  const created = await createMentorshipRequest(db, mentee, data, now);
  if (status === 'accepted' || status === 'declined') return answerRequest(db, mentor, created.id, status, now);
  if (status === 'withdrawn') return withdrawRequest(db, mentee, created.id, now);
  return created;
}
