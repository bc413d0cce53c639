import { useCallback, useRef, useState } from 'react';
import { checkoutReducer, initialCheckoutState, type CheckoutAction, type CheckoutState } from './checkoutReducer';

/**
 * The checkout's state, driven by `checkoutReducer`. `send(action)` applies the action at once to
 * the latest state (not the last rendered one) and says whether it changed anything, so a handler
 * starts its request only when its action was taken: a second click that arrives before React has
 * re-rendered the button as disabled is refused by the reducer itself.
 */
export function useCheckoutMachine(): [CheckoutState, (action: CheckoutAction) => boolean] {
  const [state, setState] = useState(initialCheckoutState);
  const latest = useRef(state);
  const send = useCallback((action: CheckoutAction) => {
    const next = checkoutReducer(latest.current, action);
    if (next === latest.current) return false;
    latest.current = next;
    setState(next);
    return true;
  }, []);
  return [state, send];
}
