// The developer's side of the console (device approval) talks to the API with the developer's own
// session: the gatehouse_developer_session cookie and its CSRF token, kept here in memory, apart from
// the admin's. A 401 from these routes means the developer's session ended: the page asks them to sign
// in again; it never touches the admin's session.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../api/schema';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
let csrfToken: string | null = null;
let onSignedOut: () => void = () => {};

export function setDeveloperCsrf(token: string | null): void {
  csrfToken = token;
}

export function whenDeveloperSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    const signingIn = request.method === 'POST' && new URL(request.url).pathname.endsWith('/session');
    if (response.status === 401 && !signingIn) onSignedOut();
    return response;
  },
};

export const developerApi = createClient<paths>({
  baseUrl: window.location.origin,
  credentials: 'same-origin',
});
developerApi.use(session);

type SessionAnswer =
  paths['/api/v1/developer/session']['post']['responses'][200]['content']['application/json'];
export type SignedInDeveloper = SessionAnswer['developer'];
export type DeviceRequest =
  paths['/api/v1/developer/device-authorizations/{user_code}']['get']['responses'][200]['content']['application/json'];
