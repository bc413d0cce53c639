import { useId } from 'react';
import {
  deliveryLine,
  deliveryText,
  moreForFreeText,
  notDeliveredText,
  useShopperState,
  type DeliveryLine,
} from '@/lib/delivery';
import type { DeliveryOptions } from '@/lib/types';
import './DeliveryNote.css';

/** What delivery costs the shopper for `subtotal` (kobo), when their state is known. */
export function useDeliveryNote(subtotal: number): {
  options: DeliveryOptions | undefined;
  state: string | null;
  choose: (state: string) => void;
  /** Undefined while the state or the zones are unknown; null when no zone delivers to the state. */
  line: DeliveryLine | null | undefined;
} {
  const { options, state, choose } = useShopperState();
  const line = options && state ? deliveryLine(options, state, subtotal) : undefined;
  return { options, state, choose, line };
}

/** The delivery line and, when a threshold is not yet reached, what more earns free delivery. */
export function DeliveryLines({ state, line }: { state: string | null; line: DeliveryLine | null | undefined }) {
  if (line === undefined || !state) return null;
  if (line === null) return <span className="delivery-note__line">{notDeliveredText(state)}</span>;
  return (
    <>
      <span className="delivery-note__line" data-testid="delivery-line">
        {deliveryText(line)}
      </span>
      {line.moreForFree !== null && <span className="delivery-note__more">{moreForFreeText(line.moreForFree)}</span>}
    </>
  );
}

/**
 * The bag's delivery note: a small "Deliver to" choice (remembered in this browser) and the
 * delivery line for the bag's subtotal. The checkout's quote from the server is the one that counts.
 */
export function DeliveryNote({ subtotal }: { subtotal: number }) {
  const { options, state, choose, line } = useDeliveryNote(subtotal);
  const id = useId();
  if (!options) return null;
  return (
    <div className="delivery-note">
      <div className="delivery-note__choose">
        <label htmlFor={id}>Deliver to</label>
        <select id={id} value={state ?? ''} onChange={(e) => e.target.value && choose(e.target.value)}>
          {!state && <option value="">Choose your state</option>}
          {options.states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <p className="delivery-note__text" aria-live="polite">
        <DeliveryLines state={state} line={line} />
      </p>
    </div>
  );
}
