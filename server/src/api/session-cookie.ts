// The console session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
// Secure whenever the console is reached over HTTPS.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '../identity/admin-service.ts';

export const SESSION_COOKIE = 'gatehouse_session';
/** A developer's console session (device approval), apart from the admins' (device-sign-in.md). */
export const DEVELOPER_SESSION_COOKIE = 'gatehouse_developer_session';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  name = SESSION_COOKIE,
): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name = SESSION_COOKIE,
): void {
  reply.clearCookie(name, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
