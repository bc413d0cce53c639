import { describe, expect, it } from 'vitest';
import { payLinkMessage, whatsAppLink, whatsAppNumber } from './whatsapp';

describe('whatsAppNumber', () => {
  it('turns a Nigerian local number into international digits', () => {
    expect(whatsAppNumber('0803 555 0100')).toBe('2348035550100');
    expect(whatsAppNumber('08035550100')).toBe('2348035550100');
    expect(whatsAppNumber('0803-555-0100')).toBe('2348035550100');
  });

  it('keeps a number already written internationally', () => {
    expect(whatsAppNumber('+234 803 555 0100')).toBe('2348035550100');
    expect(whatsAppNumber('00234 803 555 0100')).toBe('2348035550100');
    expect(whatsAppNumber('2348035550100')).toBe('2348035550100');
    expect(whatsAppNumber('+44 20 7946 0958')).toBe('442079460958');
  });

  it('gives up on what cannot be a number', () => {
    expect(whatsAppNumber('')).toBeNull();
    expect(whatsAppNumber('12345')).toBeNull();
  });
});

describe('whatsAppLink', () => {
  it('opens the chat with the message typed in', () => {
    const message = payLinkMessage('Ankara', 'K7M2QX9A', 3_880_000, 'https://shop.ng/pay/abc');
    expect(message).toBe(
      'Hello from Ankara! Your order #K7M2QX9A is ready. Please pay ₦38,800.00 here: https://shop.ng/pay/abc',
    );
    const link = whatsAppLink('0803 555 0100', message);
    expect(link.startsWith('https://wa.me/2348035550100?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1]!)).toBe(message);
    // Characters that would end the text or start another parameter are escaped.
    expect(whatsAppLink('08035550100', 'a&b #1 ?')).toBe('https://wa.me/2348035550100?text=a%26b%20%231%20%3F');
  });

  it('without a usable number, lets the merchant pick the chat', () => {
    expect(whatsAppLink('n/a', 'hi')).toBe('https://wa.me/?text=hi');
  });
});
