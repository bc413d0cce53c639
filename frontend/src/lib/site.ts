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
  email: string | null;
  address: string | null;
  hours: string | null;
  social: SocialLinks;
  /** A member of staff looking at the unpublished draft. */
  preview: boolean;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The shop's identity, read once from the facts the server writes into the page; the demo's name
 * "Ankara" and nothing else where the page carries none (vite dev, tests).
 */
export function readShop(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Shop {
  let facts: Record<string, unknown> = {};
  try {
    const raw = doc?.getElementById(SHOP_ELEMENT_ID)?.textContent;
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') facts = parsed as Record<string, unknown>;
  } catch {
    facts = {};
  }
  const social = (facts.social && typeof facts.social === 'object' ? facts.social : {}) as Record<string, unknown>;
  const https = (value: unknown) => {
    const link = text(value);
    return link?.startsWith('https://') ? link : null;
  };
  const logo = facts.logo && typeof facts.logo === 'object' ? (facts.logo as Image) : null;
  return {
    name: text(facts.name) ?? 'Ankara',
    description: text(facts.description) ?? '',
    logo: logo && typeof logo.url === 'string' ? logo : null,
    phone: text(facts.phone),
    email: text(facts.email),
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

/** The cookie the server reads to show a member of staff who may edit the identity its draft (src/brand/routes.rs). */
const PREVIEW_COOKIE = 'ankara_preview';

/** From the next page load, this browser shows the storefront with the identity's draft (staff only). */
export function startPreview() {
  document.cookie = `${PREVIEW_COOKIE}=brand; path=/; SameSite=Lax`;
}

export function endPreview() {
  document.cookie = `${PREVIEW_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
