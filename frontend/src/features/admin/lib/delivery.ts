import { abroadCurrency, amountProblem, minorToText, type AbroadCurrency } from './moneyAbroad';
import { koboToNairaText, nairaProblem } from './naira';
import type { DeliveryOptions, DeliveryOptionsInput, PayOnDelivery, PayOnDeliveryInput } from '@/lib/types';

/** Pay on delivery (or at pickup) as the screen edits it: on or off, and the largest order total in naira as typed. */
export type PayOnDeliveryDraft = { enabled: boolean; maxTotal: string };

/** One zone as the Delivery screen edits it: amounts in naira as typed; `key` is the card's own. */
export type ZoneDraft = {
  key: string;
  name: string;
  fee: string;
  estimate: string;
  freeOver: string;
  states: string[];
  payOnDelivery: PayOnDeliveryDraft;
  /** Priced by the courier's live rate at checkout; `fee` is the fallback. */
  liveRates: boolean;
};

/** A zone abroad from the server (United Kingdom, United States, Canada, the rest of the world). */
export type AbroadZone = DeliveryOptions['abroad'][number];

/**
 * One zone abroad as the screen edits it: the regions are fixed (the merchant turns each on or off);
 * its fee is typed in the zone's own currency ("12.00").
 */
export type AbroadZoneDraft = {
  region: AbroadZone['region'];
  name: string;
  enabled: boolean;
  currency: AbroadCurrency;
  fee: string;
  estimate: string;
};

export type DeliveryDraft = {
  zones: ZoneDraft[];
  pickupEnabled: boolean;
  pickupAddress: string;
  /** Pay at pickup. */
  pickupPayOnDelivery: PayOnDeliveryDraft;
  /** International delivery, by region. */
  abroad: AbroadZoneDraft[];
};

/** Kobo: the largest order total for pay on delivery when the merchant has set none (₦150,000.00). */
export const DEFAULT_POD_MAX = 15_000_000;

function podDraft(pod: PayOnDelivery | undefined): PayOnDeliveryDraft {
  return { enabled: pod?.enabled === true, maxTotal: koboToNairaText(pod?.maxTotal ?? DEFAULT_POD_MAX) };
}

/**
 * What the PUT sends of it: on with its maximum; off with the maximum kept when it reads as an
 * amount (so turning it on again finds it), else left out (absent means off).
 */
function podInput(pod: PayOnDeliveryDraft): PayOnDeliveryInput | undefined {
  const maxTotal = pod.maxTotal.trim();
  if (!pod.enabled && nairaProblem(maxTotal, 'maximum')) return undefined;
  return { enabled: pod.enabled, maxTotal };
}

export const NEEDS_NAME_AND_ESTIMATE = 'Every zone needs a name and a delivery estimate.';
export const PICKUP_NEEDS_ADDRESS = "Give the shop's address for pickup.";

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `zone-${nextKey}`;
}

/** An empty zone card. */
export function emptyZone(): ZoneDraft {
  return {
    key: newKey(),
    name: '',
    fee: '',
    estimate: '',
    freeOver: '',
    states: [],
    payOnDelivery: podDraft(undefined),
    liveRates: false,
  };
}

/** The server's options as the screen edits them. */
export function draftOf(options: DeliveryOptions): DeliveryDraft {
  return {
    zones: options.zones.map((zone) => ({
      key: newKey(),
      name: zone.name,
      fee: koboToNairaText(zone.fee),
      estimate: zone.estimate,
      freeOver: zone.freeOver === null ? '' : koboToNairaText(zone.freeOver),
      states: [...zone.states],
      payOnDelivery: podDraft(zone.payOnDelivery),
      liveRates: zone.liveRates,
    })),
    pickupEnabled: options.pickup.enabled,
    pickupAddress: options.pickup.address ?? '',
    pickupPayOnDelivery: podDraft(options.pickup.payOnDelivery),
    abroad: options.abroad.map((zone) => ({
      region: zone.region,
      name: zone.name,
      enabled: zone.enabled,
      currency: abroadCurrency(zone.currency),
      fee: minorToText(zone.fee),
      estimate: zone.estimate,
    })),
  };
}

/** What PUT /api/admin/delivery gets: everything, amounts as typed, states in the shop's order. */
export function inputOf(draft: DeliveryDraft, states: ReadonlyArray<string>): DeliveryOptionsInput {
  const order = new Map(states.map((s, i) => [s, i]));
  return {
    zones: draft.zones.map((zone) => ({
      name: zone.name.trim(),
      fee: zone.fee.trim(),
      estimate: zone.estimate.trim(),
      freeOver: zone.freeOver.trim(),
      states: [...zone.states].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
      payOnDelivery: podInput(zone.payOnDelivery),
      liveRates: zone.liveRates,
    })),
    pickup: {
      enabled: draft.pickupEnabled,
      address: draft.pickupAddress.trim(),
      payOnDelivery: podInput(draft.pickupPayOnDelivery),
    },
    // Every region, on or off, its fee as typed in its currency.
    abroad: draft.abroad.map((zone) => ({
      region: zone.region,
      enabled: zone.enabled,
      currency: zone.currency,
      fee: zone.fee.trim(),
      estimate: zone.estimate.trim(),
    })),
  };
}

/** "Give a delivery estimate for Canada." */
export function abroadNeedsEstimate(name: string): string {
  return `Give a delivery estimate for ${name}.`;
}

/** The first thing the server would refuse, in its words, or null. */
export function deliveryProblem(draft: DeliveryDraft): string | null {
  const names = new Set<string>();
  for (const zone of draft.zones) {
    if (!zone.name.trim() || !zone.estimate.trim()) return NEEDS_NAME_AND_ESTIMATE;
    const name = zone.name.trim();
    if (names.has(name.toLowerCase())) return `Two zones are called ${name}.`;
    names.add(name.toLowerCase());
    const fee = nairaProblem(zone.fee, 'fee');
    if (fee) return fee;
    if (zone.freeOver.trim()) {
      const free = nairaProblem(zone.freeOver, 'free-delivery threshold');
      if (free) return free;
    }
    if (zone.states.length === 0) return `The zone ${name} has no states.`;
    if (zone.payOnDelivery.enabled) {
      const max = nairaProblem(zone.payOnDelivery.maxTotal, `largest order to pay on delivery in ${name}`);
      if (max) return max;
    }
  }
  if (draft.pickupEnabled && !draft.pickupAddress.trim()) return PICKUP_NEEDS_ADDRESS;
  if (draft.pickupEnabled && draft.pickupPayOnDelivery.enabled) {
    const max = nairaProblem(draft.pickupPayOnDelivery.maxTotal, 'largest order to pay at pickup');
    if (max) return max;
  }
  for (const zone of draft.abroad) {
    // A region turned off keeps what was typed, so turning it on again finds it; it must still read.
    const fee = amountProblem(zone.fee, `fee for ${zone.name}`, zone.currency);
    if (fee) return fee;
    if (zone.enabled && !zone.estimate.trim()) return abroadNeedsEstimate(zone.name);
  }
  return null;
}

/** Each state's zone (by card key); states in no zone are absent. */
export function zoneOfState(zones: ReadonlyArray<ZoneDraft>): Map<string, ZoneDraft> {
  const owners = new Map<string, ZoneDraft>();
  for (const zone of zones) for (const state of zone.states) if (!owners.has(state)) owners.set(state, zone);
  return owners;
}

/** The states no zone delivers to, in the shop's order. */
export function undelivered(zones: ReadonlyArray<ZoneDraft>, states: ReadonlyArray<string>): string[] {
  const owners = zoneOfState(zones);
  return states.filter((s) => !owners.has(s));
}

/**
 * Puts `state` in the zone `key` (taking it out of any other zone: a state sits in one zone) or,
 * with `on` false, takes it out of that zone.
 */
export function setState(zones: ReadonlyArray<ZoneDraft>, key: string, state: string, on: boolean): ZoneDraft[] {
  return zones.map((zone) => {
    const has = zone.states.includes(state);
    if (zone.key === key) {
      if (on && !has) return { ...zone, states: [...zone.states, state] };
      if (!on && has) return { ...zone, states: zone.states.filter((s) => s !== state) };
      return zone;
    }
    return on && has ? { ...zone, states: zone.states.filter((s) => s !== state) } : zone;
  });
}

/** `setState` for several states at once. */
export function setStates(
  zones: ReadonlyArray<ZoneDraft>,
  key: string,
  states: ReadonlyArray<string>,
  on: boolean,
): ZoneDraft[] {
  return states.reduce<ZoneDraft[]>((next, state) => setState(next, key, state, on), [...zones]);
}

/** "Lagos", "Ekiti, Ogun and Oyo", "31 states". */
export function statesSummary(states: ReadonlyArray<string>, order: ReadonlyArray<string>): string {
  if (states.length === 0) return 'No states yet';
  if (states.length > 6) return `${states.length} states`;
  const sorted = order.filter((s) => states.includes(s));
  if (sorted.length === 1) return sorted[0]!;
  return `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}
