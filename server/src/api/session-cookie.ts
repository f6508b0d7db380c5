// The console session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
// Secure whenever the console is reached over HTTPS.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '../identity/admin-service.ts';

export const SESSION_COOKIE = 'gatehouse_session';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
