import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The tests share their modules (isolate: false): each reads the page's facts afresh.
beforeEach(() => vi.resetModules());

afterEach(() => {
  document.getElementById('ankara-shop')?.remove();
  vi.resetModules();
});

describe('SHOP_NAME', () => {
  it("is the merchant's name from the facts the server writes into the page", async () => {
    // One facts element, as the server writes (a test set-up may have put its own there).
    document.getElementById('ankara-shop')?.remove();
    const facts = document.createElement('script');
    facts.id = 'ankara-shop';
    facts.type = 'application/json';
    facts.textContent = JSON.stringify({ name: "Funke's Closet", whatsapp: null });
    document.body.append(facts);
    expect((await import('./site')).SHOP_NAME).toBe("Funke's Closet");
  });

  it("is the demo's Ankara where the page carries no name", async () => {
    expect((await import('./site')).SHOP_NAME).toBe('Ankara');
  });
});
