import { nairaProblem, nairaToKobo } from './naira';
import { EMAIL_PATTERN } from '@/lib/forms';
import type { ChatOrder, OrderSource } from '@/lib/types';

/**
 * The New order form (an order taken in a chat) as the merchant fills it, its checks — the
 * server's own words, so a refusal reads the same before and after sending — the request it
 * becomes, and the estimate shown before sending (the server prices the order itself).
 */

/** One line: a variant of a product at the product's price, with the units left when it was chosen. */
export type DraftLine = {
  variantId: string;
  productId: string;
  name: string;
  /** "M · Red", or null for a product without options. */
  option: string | null;
  /** Kobo each. */
  price: number;
  available: number;
  quantity: string;
};

export type DeliveryMode = 'state' | 'pickup' | 'fee';
export type DepositMode = 'none' | 'amount' | 'percent';

export type DraftOrder = {
  /** An existing customer's account, when one was picked from the customers list. */
  accountId: string | null;
  name: string;
  phone: string;
  email: string;
  lines: DraftLine[];
  delivery: DeliveryMode;
  state: string;
  street: string;
  city: string;
  fee: string;
  code: string;
  discount: string;
  discountReason: string;
  deposit: DepositMode;
  depositValue: string;
  note: string;
  customerNote: string;
  source: OrderSource;
};

export const EMPTY_DRAFT: DraftOrder = {
  accountId: null,
  name: '',
  phone: '',
  email: '',
  lines: [],
  delivery: 'state',
  state: '',
  street: '',
  city: '',
  fee: '',
  code: '',
  discount: '',
  discountReason: '',
  deposit: 'none',
  depositValue: '',
  note: '',
  customerNote: '',
  source: 'whatsapp',
};

export const SOURCE_LABELS: Record<OrderSource, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  in_store: 'In store',
  website: 'Website',
  counter: 'Counter',
};

/** The form's fields a problem can point at. */
export type DraftField =
  'name' | 'phone' | 'email' | 'lines' | 'state' | 'fee' | 'code' | 'discount' | 'discountReason' | 'deposit';

export type DraftProblem = { field: DraftField; message: string };

export const NAME_AND_PHONE = "Please fill in the customer's name and phone number.";
export const INVALID_PHONE = 'Please enter a valid phone number.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const ADD_AN_ITEM = 'Add at least one item.';
export const QUANTITY_RANGE = 'Each quantity must be from 1 to 999.';
export const CHOOSE_STATE = 'Please choose the state.';
export const ENTER_FEE = 'Enter the delivery fee.';
export const DISCOUNT_REASON = 'Please give a reason for the discount.';
export const CODE_OR_DISCOUNT = 'Use a discount code or a discount by hand, not both.';
export const DEPOSIT_PERCENT = 'A deposit is from 1 to 99 percent.';
export const ENTER_DEPOSIT = 'Enter the deposit.';

function quantityOf(line: DraftLine): number | null {
  const typed = line.quantity.trim();
  if (!/^\d{1,3}$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= 999 ? n : null;
}

/** The phone check of the server: 7 to 15 digits, written with digits, spaces, + - ( ) and dots. */
export function phoneLooksValid(phone: string): boolean {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && typed.length <= 25 && /^[\d +\-().]+$/.test(typed);
}

/** The first thing to fix, in the form's order, or null. */
export function draftProblem(draft: DraftOrder): DraftProblem | null {
  if (!draft.name.trim()) return { field: 'name', message: NAME_AND_PHONE };
  if (!draft.phone.trim()) return { field: 'phone', message: NAME_AND_PHONE };
  if (!phoneLooksValid(draft.phone)) return { field: 'phone', message: INVALID_PHONE };
  if (draft.email.trim() && !EMAIL_PATTERN.test(draft.email.trim())) return { field: 'email', message: INVALID_EMAIL };
  if (draft.lines.length === 0) return { field: 'lines', message: ADD_AN_ITEM };
  if (draft.lines.some((line) => quantityOf(line) === null)) return { field: 'lines', message: QUANTITY_RANGE };
  if (draft.delivery === 'state' && !draft.state) return { field: 'state', message: CHOOSE_STATE };
  if (draft.delivery === 'fee') {
    if (!draft.fee.trim()) return { field: 'fee', message: ENTER_FEE };
    const problem = nairaProblem(draft.fee, 'delivery fee');
    if (problem) return { field: 'fee', message: problem };
  }
  const manual = draft.discount.trim() !== '';
  if (manual) {
    const problem = nairaProblem(draft.discount, 'discount');
    if (problem) return { field: 'discount', message: problem };
    if (draft.code.trim()) return { field: 'code', message: CODE_OR_DISCOUNT };
    if (!draft.discountReason.trim()) return { field: 'discountReason', message: DISCOUNT_REASON };
  }
  if (draft.deposit === 'percent') {
    const typed = draft.depositValue.trim();
    if (!/^\d{1,2}$/.test(typed) || Number(typed) < 1) return { field: 'deposit', message: DEPOSIT_PERCENT };
  }
  if (draft.deposit === 'amount') {
    if (!draft.depositValue.trim()) return { field: 'deposit', message: ENTER_DEPOSIT };
    const problem = nairaProblem(draft.depositValue, 'deposit');
    if (problem) return { field: 'deposit', message: problem };
  }
  return null;
}

const optional = (text: string): string | undefined => text.trim() || undefined;
/** Naira as the server reads it: no thousands separators. */
const plainNaira = (text: string): string => text.trim().replace(/,/g, '');

/** POST /api/admin/orders's body for a draft that passed `draftProblem`. */
export function chatOrderBody(draft: DraftOrder): ChatOrder {
  const manual = draft.discount.trim() !== '';
  const address =
    draft.delivery === 'pickup' || (!draft.street.trim() && !draft.city.trim())
      ? undefined
      : {
          street: draft.street.trim(),
          city: draft.city.trim(),
          state: draft.delivery === 'state' ? draft.state : '',
          country: 'Nigeria',
          postalCode: '',
          landmark: '',
        };
  return {
    customer: {
      name: draft.name.trim(),
      phone: draft.phone.trim(),
      email: optional(draft.email),
      accountId: draft.accountId ?? undefined,
    },
    lines: draft.lines.map((line) => ({ variantId: line.variantId, quantity: quantityOf(line) ?? 0 })),
    delivery:
      draft.delivery === 'pickup'
        ? { pickup: true }
        : draft.delivery === 'fee'
          ? { fee: plainNaira(draft.fee), address }
          : { state: draft.state, address },
    code: manual ? undefined : optional(draft.code),
    discount: manual ? { amount: plainNaira(draft.discount), reason: draft.discountReason.trim() } : undefined,
    deposit:
      draft.deposit === 'percent'
        ? { percent: Number(draft.depositValue.trim()) }
        : draft.deposit === 'amount'
          ? { amount: plainNaira(draft.depositValue) }
          : undefined,
    note: optional(draft.note),
    customerNote: optional(draft.customerNote),
    source: draft.source,
  };
}

/** The order's price as the form can work it out (kobo); the code's discount is the server's to say. */
export type DraftEstimate = {
  subtotal: number;
  /** Null until the delivery is known (a state without a zone, a fee not typed yet). */
  delivery: number | null;
  discount: number;
  total: number | null;
  /** What the first link asks for: the deposit, or the total. */
  now: number | null;
};

/**
 * The estimate under the form. `zoneFee` is the chosen state's delivery for this subtotal (null
 * when no zone delivers there). A deposit in percent is worked out as the server does (to the
 * nearest kobo).
 */
export function estimate(draft: DraftOrder, zoneFee: (subtotal: number) => number | null): DraftEstimate {
  const subtotal = draft.lines.reduce((sum, line) => sum + line.price * (quantityOf(line) ?? 0), 0);
  const delivery =
    draft.delivery === 'pickup'
      ? 0
      : draft.delivery === 'fee'
        ? nairaToKobo(draft.fee)
        : draft.state
          ? zoneFee(subtotal)
          : null;
  const manual = draft.discount.trim() ? (nairaToKobo(draft.discount) ?? 0) : 0;
  const discount = Math.min(manual, subtotal);
  const total = delivery === null ? null : subtotal + delivery - discount;
  let now = total;
  if (total !== null && draft.deposit === 'percent' && /^\d{1,2}$/.test(draft.depositValue.trim())) {
    now = Math.floor((total * Number(draft.depositValue.trim()) + 50) / 100);
  } else if (draft.deposit === 'amount') {
    now = nairaToKobo(draft.depositValue);
  }
  return { subtotal, delivery, discount, total, now };
}
