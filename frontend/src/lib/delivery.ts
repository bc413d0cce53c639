import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './api';
import { formatNaira } from './money';
import { queryKeys } from './queryKeys';
import { useSession } from './session';
import { checkoutDetailsQueryOptions } from './shopping';
import type { DeliveryOptions, Zone } from './types';

/**
 * Delivery fees by state (GET /api/delivery, public): what the bag and product pages show before
 * checkout. The fees and thresholds are public, so the browser works the line out itself; at
 * checkout the server's quote is the one that counts.
 */
export const deliveryQueryOptions = queryOptions({
  queryKey: queryKeys.delivery,
  queryFn: ({ signal }) => answer(api.GET('/api/delivery', { signal })),
  staleTime: 5 * 60_000,
});

export function useDeliveryOptions() {
  return useQuery(deliveryQueryOptions);
}

const FCT = 'Federal Capital Territory';

/** The state as the list spells it, matched in any case ("FCT" and "Abuja" are the FCT); null when not a state. */
export function matchState(states: readonly string[], typed: string | null | undefined): string | null {
  const wanted = (typed ?? '').trim().toLowerCase();
  if (!wanted) return null;
  if ((wanted === 'fct' || wanted === 'abuja') && states.includes(FCT)) return FCT;
  return states.find((s) => s.toLowerCase() === wanted) ?? null;
}

/** The zone that delivers to `state`, if any. */
export function zoneFor(options: DeliveryOptions, state: string): Zone | null {
  return options.zones.find((zone) => zone.states.includes(state)) ?? null;
}

/** What delivery to a state costs for a subtotal, as the zone says. */
export type DeliveryLine = {
  state: string;
  /** Kobo: 0 when the subtotal reached the zone's threshold. */
  fee: number;
  estimate: string;
  /** Kobo still to add for free delivery; null when free already or the zone has no threshold. */
  moreForFree: number | null;
};

/** Delivery to `state` for `subtotal` (kobo); null when no zone delivers there. */
export function deliveryLine(options: DeliveryOptions, state: string, subtotal: number): DeliveryLine | null {
  const zone = zoneFor(options, state);
  if (!zone) return null;
  const free = zone.freeOver !== null && subtotal >= zone.freeOver;
  return {
    state,
    fee: free ? 0 : zone.fee,
    estimate: zone.estimate,
    moreForFree: zone.freeOver !== null && !free ? zone.freeOver - subtotal : null,
  };
}

/** "Delivery to Lagos: ₦2,500.00, 1–2 working days", or "Free delivery to Lagos, 1–2 working days". */
export function deliveryText(line: DeliveryLine): string {
  return line.fee === 0
    ? `Free delivery to ${line.state}, ${line.estimate}`
    : `Delivery to ${line.state}: ${formatNaira(line.fee)}, ${line.estimate}`;
}

/** "Add ₦12,000.00 more for free delivery". */
export function moreForFreeText(kobo: number): string {
  return `Add ${formatNaira(kobo)} more for free delivery`;
}

/** The server's words for a state no zone covers. */
export function notDeliveredText(state: string): string {
  return `Sorry, we do not deliver to ${state} yet.`;
}

// ---------- the shopper's state ----------

export const DELIVER_TO_KEY = 'ankara.deliverTo';
const listeners = new Set<() => void>();

function readChoice(): string | null {
  try {
    return window.localStorage.getItem(DELIVER_TO_KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DELIVER_TO_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the state the shopper chose (the bag's "Deliver to", or the checkout's State). */
export function rememberState(state: string): void {
  try {
    window.localStorage.setItem(DELIVER_TO_KEY, state);
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
  listeners.forEach((listener) => listener());
}

/**
 * The state the shopper delivers to, when known: the one they last chose in this browser, else
 * the state of their last checkout address (signed in). `choose` remembers a new choice.
 */
export function useShopperState(): {
  options: DeliveryOptions | undefined;
  state: string | null;
  choose: (state: string) => void;
} {
  const { user } = useSession();
  const { data: options } = useDeliveryOptions();
  const { data: details } = useQuery({ ...checkoutDetailsQueryOptions, enabled: Boolean(user), staleTime: 60_000 });
  const chosen = useSyncExternalStore(subscribe, readChoice, () => null);
  const choose = useCallback((state: string) => rememberState(state), []);
  const states = options?.states ?? [];
  const state = matchState(states, chosen) ?? (user ? matchState(states, details?.address?.state) : null);
  return { options, state, choose };
}
