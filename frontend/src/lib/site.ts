import type { Image } from './types';

/**
 * The element the server writes the shop's facts into (index.html's `<script id="ankara-shop"
 * type="application/json">`: its identity — name, description, logo, contacts, social links —
 * whether this page is a staff preview of the draft, the switching-over sentence; see whatsapp.ts).
 */
export const SHOP_ELEMENT_ID = 'ankara-shop';

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

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
 * The page's facts, read once: the one reader of the element (the shop's name, logo and preview here, its contacts in shop.ts, its
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

/** The shop's name in the facts; empty where the page carries none (vite dev): no name is compiled in. */
export function factName(facts: Record<string, unknown>): string {
  return text(facts.name) ?? '';
}

/** The shop's logo in the facts, if it has one. */
export function factLogo(facts: Record<string, unknown>): Image | null {
  const logo = facts.logo && typeof facts.logo === 'object' ? (facts.logo as Image) : null;
  return logo && typeof logo.url === 'string' ? logo : null;
}

/*
 * What the first page draws of the shop's identity: its name, its logo, and whether a member of
 * staff is previewing the draft. The rest (contacts, social links) is lib/shop.ts's, read by the
 * footer and the contact page, so the first page's code does not carry it.
 */

/** The shop's name as the merchant set it (the back office's Shop identity). */
export const SHOP_NAME = factName(shopFacts());

export const SHOP_LOGO = factLogo(shopFacts());

/** A member of staff looking at the unpublished draft. */
export const SHOP_PREVIEW = shopFacts().preview === true;
