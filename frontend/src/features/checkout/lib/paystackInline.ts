/**
 * Paystack Inline v2 (https://js.paystack.co/v2/inline.js), loaded on the first payment only, once.
 * The server has already initialised the transaction: `resumeTransaction(accessCode)` opens it.
 */
export const PAYSTACK_INLINE_URL = 'https://js.paystack.co/v2/inline.js';

export type PopupHandlers = {
  onSuccess: (reference: string) => void;
  onCancel: () => void;
  onError: (message: string) => void;
};

type PaystackTransaction = { reference?: string; trxref?: string; message?: string };
export type PaystackPopInstance = {
  resumeTransaction: (
    accessCode: string,
    callbacks: {
      onSuccess?: (transaction: PaystackTransaction) => void;
      onCancel?: () => void;
      onError?: (error: { message?: string } | undefined) => void;
    },
  ) => unknown;
};

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopInstance;
  }
}

export const SCRIPT_FAILED = "We couldn't open the payment window. Please check your connection and try again.";

let loading: Promise<void> | null = null;

/** Adds the script tag once; a failed load can be retried. */
export function loadPaystackInline(doc: Document = document): Promise<void> {
  if (window.PaystackPop) return Promise.resolve();
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = PAYSTACK_INLINE_URL;
      script.async = true;
      script.onload = () => (window.PaystackPop ? resolve() : reject(new Error(SCRIPT_FAILED)));
      script.onerror = () => {
        script.remove();
        reject(new Error(SCRIPT_FAILED));
      };
      doc.head.appendChild(script);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** Opens Paystack's pop-up for a transaction the server initialised. */
export async function openPaystackPopup(accessCode: string, reference: string, handlers: PopupHandlers): Promise<void> {
  await loadPaystackInline();
  const Pop = window.PaystackPop;
  if (!Pop) throw new Error(SCRIPT_FAILED);
  new Pop().resumeTransaction(accessCode, {
    // v2 hands over {reference, …}; some versions name it trxref. Ours is known either way.
    onSuccess: (transaction) => handlers.onSuccess(transaction?.reference || transaction?.trxref || reference),
    onCancel: () => handlers.onCancel(),
    onError: (error) => handlers.onError(error?.message || 'The payment could not be completed.'),
  });
}
