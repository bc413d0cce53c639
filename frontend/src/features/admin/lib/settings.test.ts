import { describe, expect, it } from 'vitest';
import { changeOf, draftOf, isChanged, NO_CHANNEL, SETTINGS_SECTIONS } from './settings';
import type { ShopSettings } from '@/lib/types';
import { shopSettings } from '@/test/fixtures';

const saved: ShopSettings = shopSettings();

describe('settings draft', () => {
  it('edits counts as digits and amounts as naira; the switch and the channels as they are', () => {
    expect(draftOf({ ...saved, maxOrderTotal: 12_345_050, channels: ['ussd', 'card'] })).toEqual({
      maxPerLine: '5',
      maxPerCheckout: '20',
      maxOrderTotal: '123450.50',
      guestCheckout: false,
      // In the screen's order, whatever the server's.
      channels: ['card', 'ussd'],
      transferHoldMinutes: '60',
      payOnDeliveryOpenLimit: '1',
      payLinkHours: '48',
      payLinkReminderHours: '24',
      bagReminders: false,
      bagReminderHours: '1',
      postalCode: 'optional_in_nigeria',
      podConfirmation: 'phone',
      podConfirmHours: '24',
      podUnconfirmedPerAddress: '3',
      returnWindowDays: '7',
      returnDeliveryFee: false,
      counterDiscountLimit: '10',
    });
  });

  it('changes only what differs, amounts parsed exactly into kobo', () => {
    const draft = { ...draftOf(saved), maxPerCheckout: ' 30 ', maxOrderTotal: '4,999,999.99' };
    expect(changeOf(draft, saved)).toEqual({ change: { maxPerCheckout: 30, maxOrderTotal: 499_999_999 } });
    expect(changeOf(draftOf(saved), saved)).toEqual({ change: {} });
    // "05" reads as 5: typed differently, the same value.
    expect(isChanged({ ...draftOf(saved), maxPerLine: '05' }, saved)).toBe(true);
    expect(changeOf({ ...draftOf(saved), maxPerLine: '05' }, saved)).toEqual({ change: {} });
  });

  it('sends guest checkout, the channels, the transfer time and the open-orders limit when changed', () => {
    const draft = {
      ...draftOf(saved),
      guestCheckout: true,
      channels: ['bank_transfer', 'card', 'qr'] as ShopSettings['channels'],
      transferHoldMinutes: '90',
      payOnDeliveryOpenLimit: '2',
    };
    expect(isChanged(draft, saved)).toBe(true);
    expect(changeOf(draft, saved)).toEqual({
      change: {
        guestCheckout: true,
        channels: ['card', 'bank_transfer', 'qr'],
        transferHoldMinutes: 90,
        payOnDeliveryOpenLimit: 2,
      },
    });
    // The same channels ticked in another order are no change.
    const reordered = {
      ...draftOf(saved),
      channels: ['bank_transfer', 'ussd', 'bank', 'card'] as typeof draft.channels,
    };
    expect(isChanged(reordered, saved)).toBe(false);
    expect(changeOf(reordered, saved)).toEqual({ change: {} });
  });

  it('names the first field that is not a value, leaving ranges to the server', () => {
    expect(changeOf({ ...draftOf(saved), maxPerLine: '' }, saved)).toEqual({
      problem: 'The most of one item per order must be a whole number.',
      key: 'maxPerLine',
    });
    expect(changeOf({ ...draftOf(saved), maxOrderTotal: '-5' }, saved)).toEqual({
      problem: 'The largest order total cannot be negative.',
      key: 'maxOrderTotal',
    });
    expect(changeOf({ ...draftOf(saved), maxPerLine: '500' }, saved)).toEqual({ change: { maxPerLine: 500 } });
    expect(changeOf({ ...draftOf(saved), transferHoldMinutes: '1.5' }, saved)).toEqual({
      problem: 'The time a transfer may take must be a whole number.',
      key: 'transferHoldMinutes',
    });
    // Out of range (5 minutes) is the server's to refuse, in its words.
    expect(changeOf({ ...draftOf(saved), transferHoldMinutes: '5' }, saved)).toEqual({
      change: { transferHoldMinutes: 5 },
    });
  });

  it('refuses no way to pay at all, as the server would', () => {
    expect(changeOf({ ...draftOf(saved), channels: [] }, saved)).toEqual({ problem: NO_CHANNEL, key: 'channels' });
    expect(NO_CHANNEL).toBe('Choose at least one way to pay.');
  });

  it('lists the sections the issue asks for, in order, each setting once', () => {
    expect(SETTINGS_SECTIONS.map((s) => s.title)).toEqual([
      'Order limits',
      'Checkout',
      'Pay on delivery',
      'Pay links',
      'Bag reminders',
      'Returns',
      'Counter',
    ]);
    const keys = SETTINGS_SECTIONS.flatMap((s) => s.fields.map((f) => f.key));
    expect(new Set(keys).size).toBe(keys.length);
    // The currencies abroad are their own section (lib/currencySettings.ts).
    expect([...keys].sort()).toEqual(
      Object.keys(saved)
        .filter((k) => k !== 'currencies')
        .sort(),
    );
  });
});
