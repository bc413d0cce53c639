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
