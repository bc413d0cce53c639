import type { DeliveryOptions } from '@/lib/types';

/** A country the shop delivers to abroad, with the address its post asks for. */
export type Country = DeliveryOptions['countries'][number];
/** An international delivery zone: its fee (in its own currency) and how long it takes. */
export type AbroadZone = DeliveryOptions['abroad'][number];

/** Nigeria's ISO code: the quote's `country` for a delivery at home. */
export const NIGERIA = 'NG';
/** How a Nigerian address spells its country (what the saved addresses hold). */
export const NIGERIA_NAME = 'Nigeria';

/** The countries the checkout offers abroad: those whose zone the merchant turned on, as the list orders them. */
export function countriesAbroad(options: DeliveryOptions): Country[] {
  const open = new Set(options.abroad.filter((zone) => zone.enabled).map((zone) => zone.region));
  return options.countries.filter((country) => open.has(country.region));
}

/**
 * The ISO code of an address's country as typed or saved ("Nigeria", "NG", "GB", "United
 * Kingdom"): one of the countries offered abroad, else Nigeria.
 */
export function countryCode(country: string, abroad: readonly Country[]): string {
  const wanted = country.trim().toLowerCase();
  const found = abroad.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
  return found ? found.code : NIGERIA;
}

/** The country abroad with this ISO code; null for Nigeria (or one not offered). */
export function countryAbroad(code: string, abroad: readonly Country[]): Country | null {
  return code === NIGERIA ? null : (abroad.find((c) => c.code === code) ?? null);
}

/** The zone that delivers to a country abroad, when the merchant turned it on. */
export function zoneAbroad(options: DeliveryOptions, country: Country): AbroadZone | null {
  return options.abroad.find((zone) => zone.region === country.region && zone.enabled) ?? null;
}

/** The quote's `country` for an address: "NG" for Nigeria (however spelt), else its ISO code. */
export function isoCountry(country: string): string {
  const typed = country.trim();
  return !typed || /^(ng|nigeria)$/i.test(typed) ? NIGERIA : typed.toUpperCase();
}
