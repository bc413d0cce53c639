import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { setUnauthorizedHandler } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { loginPath } from '@/lib/redirect';
import {
  fetchSession,
  onOfflineShell,
  scheduleSessionRefresh,
  setSession,
  signOutLocally,
  useSession,
} from '@/lib/session';
import type { Session } from '@/lib/types';

/**
 * Looks after the signed-in session for the whole app (renders nothing):
 * - refreshes the token five minutes before it expires, and again from each answer;
 * - when the browser brings a page back from its back/forward cache, asks for the session and the
 *   data again (the user may have signed out or bought meanwhile);
 * - when any request answers 401 (token expired or revoked, account disabled), forgets the user
 *   and sends them to /login, with the page they were on as `next`;
 * - but a counter opened offline from the remembered user (lib/offlineCounter.ts) stays on a
 *   401: it keeps its waiting sales and asks the cashier to sign in again.
 */
export function SessionKeeper() {
  const client = useQueryClient();
  const { user, expiresAt } = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const here = useRef('');
  here.current = search ? `${location}?${search}` : location;

  useEffect(() => {
    setUnauthorizedHandler(() => {
      // A counter reopened offline keeps its cashier and asks her to sign in again (its waiting sales
      // stay on the device): lib/offlineCounter.ts.
      if (onOfflineShell()) return;
      if (!client.getQueryData<Session>(queryKeys.session)?.user) return;
      signOutLocally(client);
      navigate(loginPath(here.current), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [client, navigate]);

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      fetchSession().then(
        (session) => setSession(client, session),
        () => {},
      );
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [client]);

  const uid = user?.uid;
  const first = useRef(true);
  useEffect(() => {
    if (!uid || !expiresAt) return;
    const cancel = scheduleSessionRefresh(client, expiresAt, first.current);
    first.current = false;
    return cancel;
  }, [client, uid, expiresAt]);

  return null;
}
