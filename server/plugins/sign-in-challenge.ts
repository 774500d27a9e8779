import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHALLENGE_MS, openChallenge } from '../services/two-factor.ts';
import { isSecure, type SessionDeps } from './session.ts';

/** Holds the second step of a two-factor sign-in: a random token, its SHA-256 in `sign_in_challenges`. */
export const CHALLENGE_COOKIE = 'cp_2fa';
const CHALLENGE_PATH = '/api/auth';

/** The password (or the provider) was right and a code is owed: no session yet, a five-minute challenge instead. */
export async function beginSecondStep(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps, userId: string) {
  const token = await openChallenge(deps.db, userId, deps.now(), request.ip, request.headers['user-agent']);
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, deps.config),
    maxAge: Math.floor(CHALLENGE_MS / 1000),
  });
}

/** The challenge token this browser holds, if any. */
export function challengeToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[CHALLENGE_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

export function clearSecondStep(request: FastifyRequest, reply: FastifyReply, deps: Pick<SessionDeps, 'config'>) {
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure(request, deps.config) });
}
