/*
 * The demo shop's facts, written into the page as the server writes them (the `ankara-shop`
 * element, lib/site.ts) when this module is first evaluated: the test set-up imports it before
 * anything else, so the app's modules, which read the facts once, read the demo's. No module of
 * the app is imported here, for that reason.
 */
/** The demo's menus as the server writes them into the first HTML's facts. */
export const DEMO_MENU = [
  { id: 'formal-shoes', name: 'Formal Shoes' },
  { id: 'formal-trousers', name: 'Formal Trouser' },
  { id: 'corporate-shirts', name: 'Corporate Shirts' },
  { id: 'wristwatches', name: 'Wristwatches' },
  { id: 'suits', name: 'Suits' },
  { id: 'sneakers', name: 'Sneakers' },
];
export const STARTER_PAGES = [
  { slug: 'privacy', title: 'Privacy Policy' },
  { slug: 'returns', title: 'Returns & Exchanges' },
  { slug: 'shipping', title: 'Shipping & Delivery' },
  { slug: 'terms', title: 'Terms & Conditions' },
];

/**
 * The demo shop's facts as the server writes them into its first HTML (src/spa.rs `facts`): its
 * identity (data/demo/identity.json), the menus and the footer's pages.
 */
export const DEMO_FACTS = {
  name: 'Ankara',
  description: 'Formal shoes, tailored suits, corporate shirts, wristwatches and sneakers, delivered across Nigeria.',
  logo: null as object | null,
  phone: null as string | null,
  whatsapp: null as string | null,
  email: null as string | null,
  address: null as string | null,
  hours: null as string | null,
  social: {
    instagram: 'https://instagram.com/ankara' as string | null,
    facebook: 'https://facebook.com/ankara' as string | null,
    x: 'https://x.com/ankara' as string | null,
    tiktok: null as string | null,
  },
  preview: false,
  switchingOver: null as string | null,
  collections: DEMO_MENU as { id: string; name: string }[] | undefined,
  pages: STARTER_PAGES as { slug: string; title: string }[] | undefined,
};

export type Facts = typeof DEMO_FACTS;

/** Replaces the page's facts element with one holding `facts` (none for null). */
export function writeFacts(facts: object | null): void {
  document.getElementById('ankara-shop')?.remove();
  if (facts === null) return;
  const script = document.createElement('script');
  script.id = 'ankara-shop';
  script.type = 'application/json';
  script.textContent = JSON.stringify(facts);
  document.head.appendChild(script);
}

writeFacts(DEMO_FACTS);
