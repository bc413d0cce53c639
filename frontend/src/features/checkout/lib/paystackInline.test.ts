import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadPaystackInline,
  openPaystackPopup,
  PAYSTACK_INLINE_URL,
  SCRIPT_FAILED,
  type PaystackPopInstance,
} from './paystackInline';

afterEach(() => {
  delete window.PaystackPop;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('Paystack Inline', () => {
  it('adds the v2 script once, and again only after a failed load', async () => {
    const first = loadPaystackInline();
    const second = loadPaystackInline();
    const scripts = () => document.head.querySelectorAll(`script[src="${PAYSTACK_INLINE_URL}"]`);
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(SCRIPT_FAILED);
    await expect(second).rejects.toThrow(SCRIPT_FAILED);
    expect(scripts()).toHaveLength(0);

    const retry = loadPaystackInline();
    expect(scripts()).toHaveLength(1);
    window.PaystackPop = class {
      resumeTransaction = vi.fn();
    };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('resumes the transaction and maps its callbacks (reference, trxref, or ours)', async () => {
    const resume = vi.fn<PaystackPopInstance['resumeTransaction']>();
    window.PaystackPop = class {
      resumeTransaction = resume;
    };
    const handlers = { onSuccess: vi.fn(), onCancel: vi.fn(), onError: vi.fn() };
    await openPaystackPopup('acc_1', 'ANK-1', handlers);
    const [code, callbacks] = resume.mock.calls[0]!;
    expect(code).toBe('acc_1');
    callbacks.onSuccess!({ reference: 'ANK-x' });
    callbacks.onSuccess!({ trxref: 'ANK-y' });
    callbacks.onSuccess!({});
    expect(handlers.onSuccess.mock.calls).toEqual([['ANK-x'], ['ANK-y'], ['ANK-1']]);
    callbacks.onCancel!();
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
    callbacks.onError!({ message: 'Card blocked' });
    callbacks.onError!(undefined);
    expect(handlers.onError.mock.calls).toEqual([['Card blocked'], ['The payment could not be completed.']]);
  });
});
