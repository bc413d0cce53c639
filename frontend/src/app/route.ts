import { lazy, type ComponentType } from 'react';
import type { Access } from './guards';

type PageModule = { default: ComponentType };

/** A route of the shop's table (routes.tsx) or of the back office's (adminRoutes.tsx). */
export type AppRoute = {
  path: string;
  access: Access;
  component: ComponentType;
  /** Starts downloading a lazy route's code ahead of a visit. */
  preload?: () => Promise<PageModule>;
};

/** A screen whose code is its own chunk, fetched on the first visit (or by `preload`). */
export function lazyRoute(path: string, access: Access, load: () => Promise<PageModule>): AppRoute {
  return { path, access, component: lazy(load), preload: load };
}

/** A route's pattern (`/product/:id`) as a regular expression over whole paths. */
export function patternToRegExp(path: string): RegExp {
  const body = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${body}/?$`);
}
