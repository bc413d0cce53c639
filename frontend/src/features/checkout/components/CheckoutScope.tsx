import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';

type Scope = {
  /** "Payment successful! Reference: …" after a paid checkout, until a new one starts. */
  success: string | null;
  setSuccess: (text: string | null) => void;
};

const CheckoutContext = createContext<Scope | null>(null);

/**
 * Shares the outcome of a checkout between the panel (in the bag's summary, gone once the bag is
 * empty) and the notice at the top of the page, which outlives it.
 */
export function CheckoutScope({ children }: { children: ReactNode }) {
  const [success, setSuccess] = useState<string | null>(null);
  const value = useMemo(() => ({ success, setSuccess }), [success]);
  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

export function useCheckoutScope(): Scope {
  const scope = useContext(CheckoutContext);
  if (!scope) throw new Error('useCheckoutScope needs a <CheckoutScope> around it');
  return scope;
}

export function paymentSuccessMessage(reference: string): string {
  return `Payment successful! Reference: ${reference}`;
}

/** The paid checkout's confirmation, at the top of My Bag; it takes the focus when it appears. */
export function CheckoutNotice() {
  const { success } = useCheckoutScope();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (success) ref.current?.focus();
  }, [success]);
  return (
    <div role="status" className="checkout-notice-region">
      {success && (
        <div ref={ref} className="alert alert--success checkout-notice" tabIndex={-1}>
          <p className="checkout-notice__text">{success}</p>
          <Link href="/myorders" className="btn btn--sm btn--dark">
            View My Orders
          </Link>
        </div>
      )}
    </div>
  );
}
