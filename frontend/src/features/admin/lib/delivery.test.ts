import { describe, expect, it } from 'vitest';
import {
  deliveryProblem,
  draftOf,
  emptyZone,
  inputOf,
  NEEDS_NAME_AND_ESTIMATE,
  PICKUP_NEEDS_ADDRESS,
  setState,
  setStates,
  statesSummary,
  undelivered,
  type DeliveryDraft,
  type ZoneDraft,
} from './delivery';
import { koboToNairaText, nairaProblem, parseLimit } from './naira';
import type { DeliveryOptions } from '@/lib/types';
import { POD_OFF, zone as zoneOf } from '@/test/fixtures';

const STATES = ['Ekiti', 'Kano', 'Lagos', 'Ogun', 'Oyo'];

const options: DeliveryOptions = {
  abroad: [],
  countries: [],
  states: STATES,
  zones: [
    zoneOf({ payOnDelivery: { enabled: true, maxTotal: 10_000_050 } }),
    zoneOf({ name: 'South-West', fee: 400_050, estimate: '2–3 working days', freeOver: null, states: ['Oyo', 'Ogun'] }),
  ],
  pickup: { enabled: false, address: '', payOnDelivery: POD_OFF },
};

function zone(overrides: Partial<ZoneDraft>): ZoneDraft {
  return { ...emptyZone(), name: 'Z', fee: '100', estimate: '1 day', states: ['Kano'], ...overrides };
}

describe('naira as typed', () => {
  it('accepts what the server accepts and words refusals as it does', () => {
    for (const ok of ['0', '2500', '2500.5', '2500.50', '1,000', '1,000,000.25'])
      expect(nairaProblem(ok, 'fee')).toBeNull();
    expect(nairaProblem('-5', 'fee')).toBe('The fee cannot be negative.');
    expect(nairaProblem('5.123', 'fee')).toBe(
      'The fee: "5.123" is not a valid price: use naira with at most two decimals, like 25000.00',
    );
    expect(nairaProblem('', 'amount')).toMatch(/^The amount: "" is not a valid price/);
    expect(nairaProblem('1,00', 'fee')).not.toBeNull();
  });

  it('turns kobo into naira to edit, and reads use limits', () => {
    expect(koboToNairaText(250_000)).toBe('2500');
    expect(koboToNairaText(400_050)).toBe('4000.50');
    expect(koboToNairaText(7)).toBe('0.07');
    expect(parseLimit('')).toBeNull();
    expect(parseLimit(' 3 ')).toBe(3);
    expect(parseLimit('0')).toBeNaN();
    expect(parseLimit('1.5')).toBeNaN();
  });
});

describe('delivery draft', () => {
  it('round-trips the server options into what PUT takes, states in the shop order', () => {
    const draft = draftOf(options);
    expect(draft.zones.map((z) => [z.name, z.fee, z.freeOver])).toEqual([
      ['Lagos', '2500', '100000'],
      ['South-West', '4000.50', ''],
    ]);
    expect(inputOf(draft, STATES)).toEqual({
      zones: [
        {
          name: 'Lagos',
          fee: '2500',
          estimate: '1–2 working days',
          freeOver: '100000',
          states: ['Lagos'],
          payOnDelivery: { enabled: true, maxTotal: '100000.50' },
          liveRates: false,
        },
        {
          name: 'South-West',
          fee: '4000.50',
          estimate: '2–3 working days',
          freeOver: '',
          states: ['Ogun', 'Oyo'],
          payOnDelivery: { enabled: false, maxTotal: '150000' },
          liveRates: false,
        },
      ],
      pickup: { enabled: false, address: '', payOnDelivery: { enabled: false, maxTotal: '150000' } },
    });
    expect(new Set(draft.zones.map((z) => z.key)).size).toBe(2);
  });

  it('moves a state ticked in one zone out of the other, and unticks', () => {
    const { zones } = draftOf(options);
    const [lagos, sw] = zones as [ZoneDraft, ZoneDraft];
    const moved = setState(zones, lagos.key, 'Ogun', true);
    expect(moved.map((z) => z.states)).toEqual([['Lagos', 'Ogun'], ['Oyo']]);
    expect(setState(moved, sw.key, 'Oyo', false).map((z) => z.states)).toEqual([['Lagos', 'Ogun'], []]);
    expect(setStates(zones, sw.key, ['Ekiti', 'Kano'], true)[1]!.states).toEqual(['Oyo', 'Ogun', 'Ekiti', 'Kano']);
    expect(undelivered(zones, STATES)).toEqual(['Ekiti', 'Kano']);
  });

  it('finds what the server would refuse, in its words', () => {
    const draft = (zones: ZoneDraft[], more: Partial<DeliveryDraft> = {}): DeliveryDraft => ({
      zones,
      pickupEnabled: false,
      pickupAddress: '',
      pickupPayOnDelivery: { enabled: false, maxTotal: '150000' },
      ...more,
    });
    expect(deliveryProblem(draftOf(options))).toBeNull();
    expect(deliveryProblem(draft([zone({ estimate: ' ' })]))).toBe(NEEDS_NAME_AND_ESTIMATE);
    expect(deliveryProblem(draft([zone({ name: '' })]))).toBe(NEEDS_NAME_AND_ESTIMATE);
    expect(deliveryProblem(draft([zone({ fee: '-1' })]))).toBe('The fee cannot be negative.');
    expect(deliveryProblem(draft([zone({ freeOver: '-1' })]))).toBe('The free-delivery threshold cannot be negative.');
    expect(deliveryProblem(draft([zone({ name: 'North', states: [] })]))).toBe('The zone North has no states.');
    expect(deliveryProblem(draft([zone({ name: 'A' }), zone({ name: 'a', states: ['Oyo'] })]))).toBe(
      'Two zones are called a.',
    );
    expect(deliveryProblem(draft([], { pickupEnabled: true, pickupAddress: '  ' }))).toBe(PICKUP_NEEDS_ADDRESS);
    expect(deliveryProblem(draft([], { pickupEnabled: true, pickupAddress: '1 Broad St' }))).toBeNull();
  });

  it('sums a zone up in a line', () => {
    expect(statesSummary([], STATES)).toBe('No states yet');
    expect(statesSummary(['Lagos'], STATES)).toBe('Lagos');
    expect(statesSummary(['Oyo', 'Ekiti', 'Ogun'], STATES)).toBe('Ekiti, Ogun and Oyo');
    expect(statesSummary(['a', 'b', 'c', 'd', 'e', 'f', 'g'], STATES)).toBe('7 states');
  });
});
