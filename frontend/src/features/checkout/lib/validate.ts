import { EMAIL_PATTERN } from '@/lib/forms';
import type { Address, Customer, DeliveryMethod, PostalCodeRule } from '@/lib/types';
import type { Country } from './abroad';

export const MESSAGES = {
  customer: 'Please fill in your name, email and phone number.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  /** SPEC section 5, verbatim. */
  address: 'Please fill in all delivery address fields',
} as const;

export type CheckoutField =
  'name' | 'email' | 'phone' | 'street' | 'city' | 'state' | 'country' | 'postalCode' | 'landmark';

/**
 * The details form's values: who, where, whether it is delivered or picked up in store, and the
 * shopper's note for the shop ("Call before delivery"; optional).
 */
export type CheckoutValues = { customer: Customer; address: Address; method: DeliveryMethod; note?: string };

export type CheckoutProblem = { message: string; field: CheckoutField };

const ADDRESS_FIELDS = ['street', 'city', 'state', 'country', 'postalCode'] as const;

/**
 * Whether the address needs a postal code under the merchant's rule (the seed's checkout: always;
 * by default, not for Nigeria, where most addresses have none in use).
 */
export function postalCodeRequired(rule: PostalCodeRule, country: string): boolean {
  if (rule === 'required') return true;
  if (rule === 'optional') return false;
  return country.trim().toLowerCase() !== 'nigeria';
}

/** The values with surrounding spaces removed (what is sent). */
export function trimValues({ customer, address, method, note }: CheckoutValues): CheckoutValues {
  return {
    method,
    customer: { name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone.trim() },
    address: {
      street: address.street.trim(),
      city: address.city.trim(),
      state: address.state.trim(),
      country: address.country.trim(),
      postalCode: address.postalCode.trim(),
      landmark: (address.landmark ?? '').trim(),
    },
    note: (note ?? '').trim(),
  };
}

/** A phone number the server accepts: 7 to 15 digits, with only spaces, +, -, ( ) and dots besides. */
export function looksLikePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && /^[\d\s+\-().]+$/.test(phone) && phone.length <= 25;
}

/**
 * The address fields a country abroad needs: street and city; its region when it has a list of
 * them (US states, Canadian provinces); its postcode when its post requires one.
 */
export function fieldsAbroad(country: Country): CheckoutField[] {
  return [
    'street',
    'city',
    ...(country.regions.length > 0 ? (['state'] as const) : []),
    ...(Boolean(country.postcodeLabel) && country.postcodeRequired ? (['postalCode'] as const) : []),
  ];
}

/**
 * Checks the form the way the server does (SPEC section 5): name, e-mail and phone are required,
 * then every address field (the postal code as the merchant's rule says; the landmark never).
 * Abroad (`abroad`: the country chosen), the fields its address needs (fieldsAbroad), the region
 * one of its list when it has one. The first problem found, with the field to focus; null when fine.
 */
export function validateCheckout(
  values: CheckoutValues,
  postalCode: PostalCodeRule = 'required',
  abroad: Country | null = null,
): CheckoutProblem | null {
  const { customer, address } = trimValues(values);
  for (const field of ['name', 'email', 'phone'] as const) {
    if (!customer[field]) return { message: MESSAGES.customer, field };
  }
  if (!EMAIL_PATTERN.test(customer.email)) return { message: MESSAGES.email, field: 'email' };
  if (!looksLikePhone(customer.phone)) return { message: MESSAGES.phone, field: 'phone' };
  if (abroad) {
    const missing = fieldsAbroad(abroad).find((field) => !address[field as keyof Address]);
    if (missing) return { message: MESSAGES.address, field: missing };
    if (abroad.regions.length > 0 && !abroad.regions.includes(address.state)) {
      return { message: MESSAGES.address, field: 'state' };
    }
    return null;
  }
  const needed = postalCodeRequired(postalCode, address.country) ? ADDRESS_FIELDS : ADDRESS_FIELDS.slice(0, 4);
  const missing = needed.find((field) => !address[field]);
  if (missing) return { message: MESSAGES.address, field: missing };
  return null;
}
