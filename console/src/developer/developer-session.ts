// Who is signed in on the developer's side: asked once with GET /api/v1/developer/session (the cookie
// is HttpOnly), kept in the page's memory with its CSRF token, and ended by sign-out or by a 401.
import { useCallback, useEffect, useState } from 'react';
import { unwrap } from '../api/client';
import {
  developerApi,
  setDeveloperCsrf,
  whenDeveloperSignedOut,
  type SignedInDeveloper,
} from './developer-api';

export type DeveloperSession =
  | { status: 'loading' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; developer: SignedInDeveloper };

export function useDeveloperSession() {
  const [state, setState] = useState<DeveloperSession>({ status: 'loading' });

  const adopt = useCallback((developer: SignedInDeveloper, csrf: string) => {
    setDeveloperCsrf(csrf);
    setState({ status: 'signed-in', developer });
  }, []);

  useEffect(() => {
    let live = true;
    whenDeveloperSignedOut(() => {
      setDeveloperCsrf(null);
      setState((s) =>
        s.status === 'signed-in'
          ? { status: 'signed-out', notice: 'Your session has ended. Sign in again to continue.' }
          : { status: 'signed-out' },
      );
    });
    developerApi.GET('/api/v1/developer/session').then(
      ({ data, response }) => {
        if (!live) return;
        if (response.ok && data) adopt(data.developer, data.csrf_token);
        else setState({ status: 'signed-out' });
      },
      () => live && setState({ status: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, [adopt]);

  return {
    state,
    adopt,
    async signIn(email: string, password: string) {
      const data = unwrap(
        await developerApi.POST('/api/v1/developer/session', { body: { email, password } }),
      );
      adopt(data.developer, data.csrf_token);
    },
    async signOut() {
      await developerApi.DELETE('/api/v1/developer/session').catch(() => undefined);
      setDeveloperCsrf(null);
      setState({ status: 'signed-out', notice: 'You have signed out.' });
    },
  };
}
