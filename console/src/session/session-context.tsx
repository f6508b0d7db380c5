// Who is signed in. The session itself is an HttpOnly cookie the page cannot read; the page keeps the
// admin and the CSRF token in memory, asks GET /api/v1/session after a reload, and returns to the
// sign-in page with a message when the server says the session has expired.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken, unwrap, whenSessionLost, type Admin } from '../api/client';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out'; notice?: string } | { status: 'signed-in'; admin: Admin };

interface SessionApi {
  state: SessionState;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** For the setup page: the owner it created is signed in already. */
  adopt(admin: Admin, csrfToken: string): void;
}

const SessionContext = createContext<SessionApi | null>(null);

const NOTICES: Record<string, string> = {
  session_expired: 'Your session has expired. Sign in again to continue.',
  unauthenticated: 'You have been signed out. Sign in again to continue.',
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const adopt = useCallback((admin: Admin, csrfToken: string) => {
    setCsrfToken(csrfToken);
    setState({ status: 'signed-in', admin });
  }, []);

  useEffect(() => {
    whenSessionLost((code) => {
      setCsrfToken(null);
      queryClient.clear();
      // A page asks several things at once: the first refusal says why, the ones after it keep that.
      setState((s) =>
        s.status === 'signed-in'
          ? { status: 'signed-out', notice: NOTICES[code] ?? NOTICES.unauthenticated! }
          : s.status === 'signed-out'
            ? s
            : { status: 'signed-out' },
      );
    });
    let live = true;
    api.GET('/api/v1/session').then(
      ({ data, response }) => {
        if (!live) return;
        if (response.ok && data) adopt(data.admin, data.csrf_token);
        else setState({ status: 'signed-out' });
      },
      () => live && setState({ status: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, [adopt, queryClient]);

  const value = useMemo<SessionApi>(
    () => ({
      state,
      adopt,
      async signIn(email, password) {
        const data = unwrap(await api.POST('/api/v1/session', { body: { email, password } }));
        queryClient.clear();
        adopt(data.admin, data.csrf_token);
      },
      async signOut() {
        await api.DELETE('/api/v1/session').catch(() => undefined);
        setCsrfToken(null);
        queryClient.clear();
        setState({ status: 'signed-out', notice: 'You have signed out.' });
      },
    }),
    [state, adopt, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in admin; only for pages behind RequireSession. */
export function useAdmin(): Admin {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useAdmin without a session');
  return state.admin;
}

export function canManage(admin: Admin): boolean {
  return admin.role === 'owner' || admin.role === 'admin';
}
