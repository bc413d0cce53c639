import { koboToNairaText, nairaProblem, nairaToKobo } from './naira';
import type { ConfirmChannel, PaymentChannel, PostalCodeRule, ShopSettings, ShopSettingsChange } from '@/lib/types';

/**
 * The Settings screen's sections and fields, as data: a later setting is a new entry here (and a
 * new kind when it is not a count, an amount, a switch or a choice of payment channels), and the
 * screen, the draft and the change sent follow. Counts and amounts are edited as text; amounts are
 * naira as typed and go to the server in kobo.
 */
export type SettingKey = Exclude<keyof ShopSettings, 'currencies'>;
/** The settings that are numbers (counts, minutes, kobo). */
export type NumberKey = { [K in SettingKey]: ShopSettings[K] extends number ? K : never }[SettingKey];

export type NumberField = {
  key: NumberKey;
  kind: 'count' | 'naira';
  label: string;
  /** How the messages name it: "The most items per order must be …". */
  noun: string;
  hint: string;
  /** The smallest and largest counts the server takes (hints to the number pad; the server checks). */
  min?: number;
  max?: number;
};

/** A setting that is on or off: one checkbox, its sentence beside it. */
export type ToggleField = {
  key: 'guestCheckout' | 'bagReminders' | 'returnDeliveryFee';
  kind: 'toggle';
  label: string;
  text: string;
  hint: string;
};

/** The Paystack channels the pop-up offers: a checkbox each. */
export type ChannelsField = {
  key: 'channels';
  kind: 'channels';
  label: string;
  hint: string;
  options: ReadonlyArray<{ value: PaymentChannel; label: string }>;
};

/** A setting that is one of a few words: a choice of options, each with its label. */
export type ChoiceField =
  | {
      key: 'postalCode';
      kind: 'choice';
      label: string;
      hint: string;
      options: ReadonlyArray<{ value: PostalCodeRule; label: string }>;
    }
  | {
      key: 'podConfirmation';
      kind: 'choice';
      label: string;
      hint: string;
      options: ReadonlyArray<{ value: ConfirmChannel; label: string }>;
    };

export type SettingField = NumberField | ToggleField | ChannelsField | ChoiceField;

export type SettingsSection = {
  id: string;
  title: string;
  lead: string;
  fields: ReadonlyArray<SettingField>;
  /** A pointer to where the rest of the section's settings live (another screen). */
  note?: { text: string; link: { href: string; label: string } };
};

/** The channels in the order the screen lists them (and the change sends them). */
export const PAYMENT_CHANNELS: ReadonlyArray<{ value: PaymentChannel; label: string }> = [
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank' },
  { value: 'ussd', label: 'USSD' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'qr', label: 'QR' },
];

/** The server's words when no channel is left (said before asking it). */
export const NO_CHANNEL = 'Choose at least one way to pay.';

export const SETTINGS_SECTIONS: ReadonlyArray<SettingsSection> = [
  {
    id: 'order-limits',
    title: 'Order limits',
    lead: 'What one shopper may hold and buy in one order. Checkout and the bag refuse more, saying why.',
    fields: [
      {
        key: 'maxPerLine',
        kind: 'count',
        label: 'Most of one item per order',
        noun: 'most of one item per order',
        hint: 'Units of one size and colour, from 1 to 99.',
        max: 99,
      },
      {
        key: 'maxPerCheckout',
        kind: 'count',
        label: 'Most items per order',
        noun: 'most items per order',
        hint: 'Units in all, from 1 to 999.',
        max: 999,
      },
      {
        key: 'maxOrderTotal',
        kind: 'naira',
        label: 'Largest order total (₦)',
        noun: 'largest order total',
        hint: 'A payment is never started for more, so no stock is held for it.',
      },
    ],
  },
  {
    id: 'checkout',
    title: 'Checkout',
    lead: 'Who may buy, and the ways to pay the Paystack pop-up offers.',
    fields: [
      {
        key: 'guestCheckout',
        kind: 'toggle',
        label: 'Guest checkout',
        text: 'Let visitors buy without an account',
        hint: 'Visitors add to their bag and pay with their name, e-mail and phone; after paying they may keep their details as an account. Off: they must log in or sign up first.',
      },
      {
        key: 'channels',
        kind: 'channels',
        label: 'Ways to pay',
        hint: 'What the Paystack pop-up offers. At least one.',
        options: PAYMENT_CHANNELS,
      },
      {
        key: 'postalCode',
        kind: 'choice',
        label: 'Postal code at checkout',
        hint: 'Most Nigerian addresses have no postal code in use; shoppers can always add a landmark for the rider.',
        options: [
          { value: 'optional_in_nigeria', label: 'Optional for addresses in Nigeria' },
          { value: 'optional', label: 'Optional everywhere' },
          { value: 'required', label: 'Required' },
        ],
      },
      {
        key: 'transferHoldMinutes',
        kind: 'count',
        label: 'Time a transfer may take (minutes)',
        noun: 'time a transfer may take',
        hint: 'From 10 to 1440. A bank transfer or USSD payment holds its items this long while the money arrives.',
        min: 10,
        max: 1440,
      },
    ],
  },
  {
    id: 'pay-on-delivery',
    title: 'Pay on delivery',
    lead: 'Customers pay the rider (or at pickup) in cash, by transfer or POS; you record the money when it comes in.',
    fields: [
      {
        key: 'podConfirmation',
        kind: 'choice',
        label: 'How new customers confirm',
        hint: 'A guest, or an account that has not yet paid for or received an order, confirms a pay-on-delivery order before it is prepared: you call and press "Confirmed by phone" on the order, or they enter the code we e-mail them. Unconfirmed in time, it is cancelled and its items go back on sale.',
        options: [
          { value: 'phone', label: 'We call them' },
          { value: 'email', label: 'A code by e-mail' },
        ],
      },
      {
        key: 'payOnDeliveryOpenLimit',
        kind: 'count',
        label: 'Open orders per customer',
        noun: 'open orders per customer',
        hint: 'Pay-on-delivery orders one customer (by account, e-mail or phone) may have waiting to be paid, from 1 to 10.',
        max: 10,
      },
      {
        key: 'podConfirmHours',
        kind: 'count',
        label: 'Time to confirm (hours)',
        noun: 'time to confirm',
        hint: 'From 1 to 168. A new customer’s order not confirmed by then is cancelled.',
        min: 1,
        max: 168,
      },
      {
        key: 'podUnconfirmedPerAddress',
        kind: 'count',
        label: 'Waiting orders per network',
        noun: 'waiting orders per network',
        hint: 'From 1 to 50. New customers’ orders waiting for confirmation that one internet address may have at once.',
        min: 1,
        max: 50,
      },
    ],
    note: {
      text: 'Pay on delivery is switched on per delivery zone, with its largest order total, on the',
      link: { href: '/admin/delivery', label: 'Delivery screen' },
    },
  },
  {
    id: 'pay-links',
    title: 'Pay links',
    lead: 'Links you send from a chat (WhatsApp, Instagram) for an order made in Orders → New order.',
    fields: [
      {
        key: 'payLinkHours',
        kind: 'count',
        label: 'Time a pay link lasts (hours)',
        noun: 'time a pay link lasts',
        hint: 'From 1 to 720. An order whose link runs out with nothing paid is cancelled and its items go back on sale.',
        min: 1,
        max: 720,
      },
      {
        key: 'payLinkReminderHours',
        kind: 'count',
        label: 'Remind an unpaid link after (hours)',
        noun: 'time before a pay-link reminder',
        hint: 'From 0 to 720; 0 sends no reminder. One reminder per link, by the channels chosen for “Pay-link reminder” on the Order updates screen.',
        min: 0,
        max: 720,
      },
    ],
  },
  {
    id: 'bag-reminders',
    title: 'Bag reminders',
    lead: 'An e-mail to a shopper who started a checkout and did not pay, with the items and a link back to the bag.',
    fields: [
      {
        key: 'bagReminders',
        kind: 'toggle',
        label: 'Bag reminders',
        text: 'Remind shoppers of an unpaid checkout',
        hint: 'At most one reminder per e-mail address a week, never once they have paid; every reminder has an unsubscribe link. Off: the shop sends none.',
      },
      {
        key: 'bagReminderHours',
        kind: 'count',
        label: 'Send the reminder after (hours)',
        noun: 'time before a bag reminder',
        hint: 'From 1 to 72 hours after the checkout started.',
        min: 1,
        max: 72,
      },
    ],
  },
  {
    id: 'returns',
    title: 'Returns',
    lead: 'How long after delivery customers may ask to return or exchange, and what goes back with their money.',
    fields: [
      {
        key: 'returnWindowDays',
        kind: 'count',
        label: 'Returns may be asked for (days after delivery)',
        noun: 'return window',
        hint: 'From 0 to 90 days; 0 takes no returns online. A product marked final sale is never returnable.',
        min: 0,
        max: 90,
      },
      {
        key: 'returnDeliveryFee',
        kind: 'toggle',
        label: 'Delivery fee',
        text: 'Give the delivery fee back with a return of a whole order',
        hint: 'On: a refund or credit for the last items of an order includes what was paid for its delivery. Exchanges never do.',
      },
    ],
  },
  {
    id: 'counter',
    title: 'Counter',
    lead: 'What cashiers may give at the counter in your physical shop.',
    fields: [
      {
        key: 'counterDiscountLimit',
        kind: 'count',
        label: 'Staff discount limit (percent)',
        noun: 'staff discount limit',
        hint: 'From 0 to 50 percent off a counter sale; 0 gives cashiers no discount by hand.',
        min: 0,
        max: 50,
      },
    ],
  },
];

const FIELDS = SETTINGS_SECTIONS.flatMap((section) => section.fields);

/**
 * A setting as the form edits it: numbers as text, the switch and the channels as they are. The
 * currencies abroad are a list of their own (lib/currencySettings.ts).
 */
export type SettingsDraft = { [K in SettingKey]: ShopSettings[K] extends number ? string : ShopSettings[K] };

/** The channels ticked, in the screen's order (a set: the order they were ticked in does not matter). */
function ordered(channels: ReadonlyArray<PaymentChannel>): PaymentChannel[] {
  return PAYMENT_CHANNELS.map((c) => c.value).filter((c) => channels.includes(c));
}

/** The settings as the form edits them: counts as digits, amounts as naira ("5000000"). */
export function draftOf(settings: ShopSettings): SettingsDraft {
  const draft = {} as Record<SettingKey, unknown>;
  for (const field of FIELDS) {
    if (field.kind === 'toggle' || field.kind === 'choice') draft[field.key] = settings[field.key];
    else if (field.kind === 'channels') draft[field.key] = ordered(settings[field.key]);
    else {
      const value = settings[field.key];
      draft[field.key] = field.kind === 'naira' ? koboToNairaText(value) : String(value);
    }
  }
  return draft as SettingsDraft;
}

/** A number field's value as the server takes it, or what is wrong with it (the server checks the ranges). */
function parse(field: NumberField, text: string): { value: number } | { problem: string } {
  if (field.kind === 'naira') {
    const problem = nairaProblem(text, field.noun);
    return problem ? { problem } : { value: nairaToKobo(text)! };
  }
  const typed = text.trim();
  return /^\d{1,9}$/.test(typed) ? { value: Number(typed) } : { problem: `The ${field.noun} must be a whole number.` };
}

const sameChannels = (a: ReadonlyArray<PaymentChannel>, b: ReadonlyArray<PaymentChannel>) =>
  ordered(a).join() === ordered(b).join();

/**
 * The PATCH body: only the fields whose value differs from `saved`, or the first problem (with the
 * key of its field, to focus it). An empty change means nothing to save.
 */
export function changeOf(
  draft: SettingsDraft,
  saved: ShopSettings,
): { change: ShopSettingsChange } | { problem: string; key: SettingKey } {
  const change: ShopSettingsChange = {};
  for (const field of FIELDS) {
    if (field.kind === 'toggle') {
      if (draft[field.key] !== saved[field.key]) change[field.key] = draft[field.key];
    } else if (field.kind === 'choice') {
      if (field.key === 'postalCode' && draft.postalCode !== saved.postalCode) change.postalCode = draft.postalCode;
      if (field.key === 'podConfirmation' && draft.podConfirmation !== saved.podConfirmation)
        change.podConfirmation = draft.podConfirmation;
    } else if (field.kind === 'channels') {
      const channels = draft[field.key];
      if (channels.length === 0) return { problem: NO_CHANNEL, key: field.key };
      if (!sameChannels(channels, saved[field.key])) change[field.key] = ordered(channels);
    } else {
      const parsed = parse(field, draft[field.key]);
      if ('problem' in parsed) return { problem: parsed.problem, key: field.key };
      if (parsed.value !== saved[field.key]) change[field.key] = parsed.value;
    }
  }
  return { change };
}

/** Whether the draft says anything other than `saved` (as typed: "5" and "05" differ until saved). */
export function isChanged(draft: SettingsDraft, saved: ShopSettings): boolean {
  const before = draftOf(saved);
  return FIELDS.some((field) => {
    if (field.kind === 'toggle' || field.kind === 'choice') return draft[field.key] !== before[field.key];
    if (field.kind === 'channels') return !sameChannels(draft[field.key], before[field.key]);
    return draft[field.key].trim() !== before[field.key];
  });
}
