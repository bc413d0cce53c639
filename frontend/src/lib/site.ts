import type { Image } from './types';

/**
 * The element the server writes the shop's facts into (index.html's `<script id="ankara-shop"
 * type="application/json">`: its identity — name, description, logo, contacts, social links —
 * whether this page is a staff preview of the draft, the switching-over sentence; see whatsapp.ts).
 */
export const SHOP_ELEMENT_ID = 'ankara-shop';

/** The shop's social links (an absent one is not shown). */
export type SocialLinks = {
  instagram: string | null;
  facebook: string | null;
  x: string | null;
  tiktok: string | null;
};

/** The shop's identity as the merchant published it in the back office (Shop identity). */
export type Shop = {
  name: string;
  description: string;
  logo: Image | null;
  phone: string | null;
  /** The WhatsApp number in international digits. */
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  hours: string | null;
  social: SocialLinks;
  /** A member of staff looking at the unpublished draft. */
  preview: boolean;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The facts as the server wrote them, parsed; none where the page carries no element or an unreadable one. */
export function readFacts(doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  try {
    const raw = doc?.getElementById(SHOP_ELEMENT_ID)?.textContent;
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // An unreadable element is no facts.
  }
  return {};
}

let facts: Record<string, unknown> | null = null;

/**
 * The page's facts, read once: the one reader of the element (the shop's identity here, its
 * WhatsApp number in whatsapp.ts, the menus in collections.ts, the switching-over sentence).
 */
export function shopFacts(): Record<string, unknown> {
  facts ??= readFacts();
  return facts;
}

/** For tests: read the page's facts again on the next call. */
export function forgetFacts(): void {
  facts = null;
}

/**
 * The shop's identity from the facts the server writes into the page. Where the page carries
 * none (vite dev) the name is empty: no shop's name is compiled in.
 */
export function readShop(doc?: Document): Shop {
  const facts = doc ? readFacts(doc) : shopFacts();
  const social = (facts.social && typeof facts.social === 'object' ? facts.social : {}) as Record<string, unknown>;
  const https = (value: unknown) => {
    const link = text(value);
    return link?.startsWith('https://') ? link : null;
  };
  const logo = facts.logo && typeof facts.logo === 'object' ? (facts.logo as Image) : null;
  const whatsapp = typeof facts.whatsapp === 'string' ? facts.whatsapp.replace(/\D/g, '') : '';
  const email = text(facts.email);
  return {
    name: text(facts.name) ?? '',
    description: text(facts.description) ?? '',
    logo: logo && typeof logo.url === 'string' ? logo : null,
    phone: text(facts.phone),
    whatsapp: whatsapp || null,
    email: email?.includes('@') ? email : null,
    address: text(facts.address),
    hours: text(facts.hours),
    social: {
      instagram: https(social.instagram),
      facebook: https(social.facebook),
      x: https(social.x),
      tiktok: https(social.tiktok),
    },
    preview: facts.preview === true,
  };
}

export const SHOP = readShop();

/** The shop's name as the merchant set it (the back office's Shop identity). */
export const SHOP_NAME = SHOP.name;

/** A `tel:` link to a phone number as the merchant typed it (its digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The cookie the server reads to show a member of staff who may edit the identity its draft (src/brand/routes.rs). */
const PREVIEW_COOKIE = 'ankara_preview';

/** From the next page load, this browser shows the storefront with the identity's draft (staff only). */
export function startPreview() {
  document.cookie = `${PREVIEW_COOKIE}=brand; path=/; SameSite=Lax`;
}

export function endPreview() {
  document.cookie = `${PREVIEW_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
