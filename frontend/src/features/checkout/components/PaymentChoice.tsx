import { useId } from 'react';
import type { PaymentMethod } from '../api/checkout';
import type { PayOnDeliveryOffer } from '@/lib/types';

type PaymentChoiceProps = {
  /** The quote's word on pay on delivery for this order. */
  offer: PayOnDeliveryOffer;
  /** Picked up in store: "Pay at pickup" instead of "Pay on delivery". */
  pickup: boolean;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
};

/**
 * "How to pay": Pay now (Paystack's pop-up) or Pay on delivery (at pickup) beside it, where the
 * shopper's zone allows it. When the zone allows it but this order cannot (over the largest total,
 * an unpaid pay-on-delivery order already), the option stays in sight, switched off, with why.
 */
export function PaymentChoice({ offer, pickup, value, onChange, disabled = false }: PaymentChoiceProps) {
  const name = useId();
  const reasonId = useId();
  const later = pickup ? 'Pay at pickup' : 'Pay on delivery';
  return (
    <fieldset className="pay-choice" disabled={disabled}>
      <legend className="checkout-form__legend">How to pay</legend>
      <div className="delivery-methods">
        <label className="delivery-method">
          <input
            type="radio"
            name={name}
            value="paystack"
            checked={value === 'paystack'}
            onChange={() => onChange('paystack')}
          />
          <span className="delivery-method__text">
            <span className="delivery-method__name">Pay now</span>
            <span className="delivery-method__note">Card, bank transfer or USSD, through Paystack</span>
          </span>
        </label>
        <label className={`delivery-method${offer.offered ? '' : ' is-unavailable'}`}>
          <input
            type="radio"
            name={name}
            value="pay_on_delivery"
            checked={value === 'pay_on_delivery'}
            disabled={!offer.offered}
            aria-describedby={offer.reason ? reasonId : undefined}
            onChange={() => onChange('pay_on_delivery')}
          />
          <span className="delivery-method__text">
            <span className="delivery-method__name">{later}</span>
            <span className="delivery-method__note">
              Cash, transfer or POS {pickup ? 'when you pick it up' : 'when it arrives'}
            </span>
            {offer.reason && (
              <span id={reasonId} className="pay-choice__reason">
                {offer.reason}
              </span>
            )}
          </span>
        </label>
      </div>
    </fieldset>
  );
}
