import { describe, expect, it } from 'vitest';
import { forgetFacts, SHOP_ELEMENT_ID } from './site';
import { orderMessage, productMessage, formatPhone, shopEmail, shopWhatsApp, whatsAppUrl } from './whatsapp';
import { embedShop } from '@/test/shop';

describe('whatsAppUrl', () => {
  it('builds a wa.me link from international digits with the message encoded', () => {
    expect(whatsAppUrl('2348035550100', 'Hi & hello? #1')).toBe(
      'https://wa.me/2348035550100?text=Hi%20%26%20hello%3F%20%231',
    );
  });

  it('drops a plus, spaces and dashes from the number', () => {
    expect(whatsAppUrl('+234 803-555-0100')).toBe('https://wa.me/2348035550100');
  });

  it('leaves the text out when there is none', () => {
    expect(whatsAppUrl('2348035550100', '   ')).toBe('https://wa.me/2348035550100');
  });

  it('is null without a number', () => {
    expect(whatsAppUrl(null, 'Hi')).toBeNull();
    expect(whatsAppUrl('', 'Hi')).toBeNull();
    expect(whatsAppUrl('+', 'Hi')).toBeNull();
  });
});

describe('messages', () => {
  it('names the product, the chosen size and colour, and its address', () => {
    expect(productMessage('Adire Dress', 'https://shop.ng/product/p1', { size: 'M', color: 'Indigo' })).toBe(
      "Hello! I'd like to ask about Adire Dress (size M, colour Indigo): https://shop.ng/product/p1",
    );
    expect(productMessage('Adire Dress', 'https://shop.ng/product/p1', { size: null, color: 'Indigo' })).toBe(
      "Hello! I'd like to ask about Adire Dress (colour Indigo): https://shop.ng/product/p1",
    );
    expect(productMessage('Adire Dress', 'https://shop.ng/product/p1')).toBe(
      "Hello! I'd like to ask about Adire Dress: https://shop.ng/product/p1",
    );
  });

  it('names the order number', () => {
    expect(orderMessage('K7M2QX9A')).toBe('Hello! I have a question about my order #K7M2QX9A.');
  });
});

describe('phone numbers as people read them', () => {
  it('groups a Nigerian number and leaves others whole', () => {
    expect(formatPhone('2348035550100')).toBe('+234 803 555 0100');
    expect(formatPhone('+2348035550100')).toBe('+234 803 555 0100');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
  });
});

describe('the shop facts in the page', () => {
  it('reads the number the server wrote', () => {
    embedShop({ whatsapp: '2348035550100', email: 'hello@shop.ng' });
    expect([shopWhatsApp(), shopEmail()]).toEqual(['2348035550100', 'hello@shop.ng']);
  });

  it('has no number when it is null, missing or unreadable', () => {
    expect([shopWhatsApp(), shopEmail()]).toEqual([null, null]);
    embedShop(null);
    expect([shopWhatsApp(), shopEmail()]).toEqual([null, null]);
    embedShop({ whatsapp: '2348035550100' });
    document.getElementById(SHOP_ELEMENT_ID)!.textContent = '{not json';
    forgetFacts();
    expect([shopWhatsApp(), shopEmail()]).toEqual([null, null]);
  });

  it('is read once', () => {
    embedShop({ whatsapp: '2348035550100' });
    expect(shopWhatsApp()).toBe('2348035550100');
    document.getElementById(SHOP_ELEMENT_ID)!.textContent = '{"whatsapp":"2348000000000"}';
    expect(shopWhatsApp()).toBe('2348035550100');
  });
});
