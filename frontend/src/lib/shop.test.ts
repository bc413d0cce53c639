import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedShop } from '@/test/shop';

// The tests share their modules (isolate: false): each reads the page's facts afresh.
beforeEach(() => vi.resetModules());
afterEach(() => vi.resetModules());

describe('SHOP', () => {
  it("is the merchant's identity from the facts the server writes into the page", async () => {
    embedShop({
      name: "Funke's Closet",
      phone: '0803 555 0199',
      whatsapp: '234 803 555 0100',
      social: { ...noLinks, tiktok: 'https://tiktok.com/@funke' },
    });
    const { SHOP_NAME } = await import('./site');
    const { SHOP } = await import('./shop');
    expect(SHOP_NAME).toBe("Funke's Closet");
    expect(SHOP.phone).toBe('0803 555 0199');
    expect(SHOP.whatsapp).toBe('2348035550100');
    expect(SHOP.social).toEqual({ ...noLinks, tiktok: 'https://tiktok.com/@funke' });
  });

  it('names no shop where the page carries no facts: no name is compiled in', async () => {
    embedShop(null);
    const { SHOP } = await import('./shop');
    expect((await import('./site')).SHOP_NAME).toBe('');
    expect(SHOP.name).toBe('');
    expect(SHOP.social).toEqual(noLinks);
  });

  it('drops a link that is not https', async () => {
    embedShop({ social: { ...noLinks, instagram: 'javascript:alert(1)' } });
    expect((await import('./shop')).SHOP.social.instagram).toBeNull();
  });
});

const noLinks = { instagram: null, facebook: null, x: null, tiktok: null };
