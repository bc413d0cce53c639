import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { setUnauthorizedHandler } from '@/lib/api';
import { offlineMode, setOfflineMode, subscribeOfflineMode } from '@/lib/offlineCounter';
import { queryKeys } from '@/lib/queryKeys';
import { loginPath } from '@/lib/redirect';
import { fetchSession, scheduleSessionRefresh, setSession, signOutLocally, useSession } from '@/lib/session';
import type { Session } from '@/lib/types';

/**
 * Looks after the signed-in session for the whole app (renders nothing):
 * - refreshes the token five minutes before it expires, and again from each answer;
 * - when the browser brings a page back from its back/forward cache, asks for the session and the
 *   data again (the user may have signed out or bought meanwhile);
 * - when any request answers 401 (token expired or revoked, account disabled), forgets the user
 *   and sends them to /login, with the page they were on as `next`;
 * - a counter opened offline from the remembered user (lib/offlineCounter.ts) asks the server for
 *   the session as soon as there is a connection: the server's session replaces the remembered
 *   one, or, signed out, the counter keeps its waiting sales and asks the cashier to sign in again
 *   (a 401 meanwhile does the same, rather than leaving the counter).
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
      if (offlineMode() !== null) return setOfflineMode('sign-in');
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

  const mode = useSyncExternalStore(subscribeOfflineMode, offlineMode, offlineMode);
  useEffect(() => {
    if (mode !== 'offline') return;
    let busy = false;
    const check = () => {
      if (busy || !navigator.onLine) return;
      busy = true;
      fetchSession()
        .then(
          (session) => {
            if (offlineMode() !== 'offline') return;
            if (session.user) {
              setOfflineMode(null);
              setSession(client, session);
            } else setOfflineMode('sign-in');
          },
          // Still no connection (a phone can say online before the network answers): next time.
          () => undefined,
        )
        .finally(() => {
          busy = false;
        });
    };
    check();
    window.addEventListener('online', check);
    const timer = window.setInterval(check, 15_000);
    return () => {
      window.removeEventListener('online', check);
      window.clearInterval(timer);
    };
  }, [client, mode]);

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
