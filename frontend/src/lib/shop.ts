import { factLogo, factName, readFacts, shopFacts, text } from './site';
import type { Image } from './types';

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
};

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
  const whatsapp = typeof facts.whatsapp === 'string' ? facts.whatsapp.replace(/\D/g, '') : '';
  const email = text(facts.email);
  return {
    name: factName(facts),
    description: text(facts.description) ?? '',
    logo: factLogo(facts),
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
  };
}

export const SHOP = readShop();

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
