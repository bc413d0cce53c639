import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryKeys } from '@/lib/queryKeys';
import type { StaffRole } from '@/lib/staff';
import type { Session, SessionUser } from '@/lib/types';
import { ACCESS } from './access';

export const customer: SessionUser = {
  uid: 'u1',
  displayName: 'Ada Obi',
  email: 'ada@example.com',
  photoURL: null,
  phoneNumber: null,
  admin: false,
  role: null,
  access: [],
  createdAt: 1_700_000_000_000,
};
/** A member of staff with `role` and the endpoints the access table gives it. */
export function staffUser(role: StaffRole, user: Partial<SessionUser> = {}): SessionUser {
  return {
    ...customer,
    uid: `${role}1`,
    displayName: `Chidi ${role}`,
    admin: true,
    role,
    access: ACCESS[role],
    ...user,
  };
}
export const admin: SessionUser = staffUser('owner', { uid: 'a1', displayName: 'Chidi Admin' });

/** A whole session answer: who is signed in (or nobody), with badge counts. */
export function sessionOf(user: SessionUser | null, counts: Partial<Session['counts']> = {}): Session {
  return {
    user,
    expiresAt: user ? Date.now() + 3_600_000 : null,
    counts: { bag: 0, saved: 0, newOrders: 0, ...counts },
    guestCheckout: false,
    guest: false,
  };
}

type Options = { path?: string; session?: Partial<Session>; client?: QueryClient };

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders `ui` inside a fresh query cache, a given session and an in-memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', session = {}, client }: Options = {}) {
  const queryClient = client ?? createTestQueryClient();
  queryClient.setQueryData(queryKeys.session, { ...sessionOf(session.user ?? null), ...session });
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  );
  const result = render(ui, { wrapper });
  /** The current path and search, as the router sees it. */
  const currentLocation = () => memory.history[memory.history.length - 1];
  return { ...result, queryClient, memory, currentLocation };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * Replaces global fetch: each request goes to the first route whose key (a path, or "METHOD path")
 * matches; anything unmatched is a 404 in the server's error shape.
 */
export function mockFetch(routes: Record<string, Handler | object | string | number | boolean | null>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    for (const key of [`${method} ${url.pathname}`, url.pathname]) {
      if (key in routes) {
        const route = routes[key];
        return typeof route === 'function' ? (route as Handler)(url, init) : jsonResponse(route);
      }
    }
    return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The rows of a description list (`dl > div` pairs) under `root`, as [term, description] texts. */
export function termRows(root: ParentNode, rows: string): (string | null)[][] {
  return Array.from(root.querySelectorAll(rows)).map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);
}

/** Puts a JSON document in the page the way the server embeds it (`<script type="application/json">`). */
export function embedJson(id: string, text: string): void {
  const script = document.createElement('script');
  script.id = id;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

/** One painted frame and the timer its callback sets (how lib/useStaged.ts draws the next part). */
export async function nextFrame(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
