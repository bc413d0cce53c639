import { resetMenuFacts } from '@/lib/collections';
import { resetShopFacts, SHOP_ELEMENT_ID } from '@/lib/whatsapp';

/** Writes the shop's facts into the page as the server does (`{"whatsapp": …, "email": …}`), read afresh. */
export function embedShop(whatsapp: string | null, email: string | null = null): void {
  forgetShop();
  const script = document.createElement('script');
  script.id = SHOP_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify({ whatsapp, email });
  document.head.appendChild(script);
}

/** Takes the shop's facts out of the page again. */
export function forgetShop(): void {
  document.getElementById(SHOP_ELEMENT_ID)?.remove();
  resetShopFacts();
}

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

/** Writes the menus' collections and the footer's pages into the page's facts, read afresh. */
export function embedMenus(collections = DEMO_MENU, pages = STARTER_PAGES): void {
  forgetShop();
  resetMenuFacts();
  const script = document.createElement('script');
  script.id = SHOP_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify({ collections, pages });
  document.head.appendChild(script);
}
