import type { RefObject } from 'react';
import type { CheckoutDetails } from '../api/checkout';
import { messageOf } from '../lib/checkoutReducer';
import { countriesAbroad, countryAbroad, countryCode, NIGERIA_NAME } from '../lib/abroad';
import type { CheckoutValues } from '../lib/validate';
import { CheckoutForm } from './CheckoutForm';
import { Spinner } from '@/components/Spinner';
import { matchState, rememberState, useShopperState, type useDeliveryOptions } from '@/lib/delivery';
import { useSession } from '@/lib/session';
import type { DeliveryOptions, SessionUser } from '@/lib/types';

export const QUOTE_FAILED = "We couldn't work out your total. Please try again in a moment.";

/**
 * Where the details form starts: the last details used (or the profile, or nothing for a guest)
 * and Nigeria; the State is the one chosen in the bag's "Deliver to" when there is one, so it is
 * asked once.
 */
function startingValues(
  details: CheckoutDetails | undefined,
  user: SessionUser | null,
  options: DeliveryOptions,
  chosenState: string | null,
): CheckoutValues {
  const address = details?.address ?? {
    street: '',
    city: '',
    state: '',
    country: 'Nigeria',
    postalCode: '',
    landmark: '',
  };
  // An address abroad keeps its region (its own list's, when it has one).
  const offered = countriesAbroad(options);
  const abroad = countryAbroad(countryCode(address.country, offered), offered);
  const region = abroad && (abroad.regions.length === 0 || abroad.regions.includes(address.state)) ? address.state : '';
  return {
    customer: details?.customer ?? {
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      phone: user?.phoneNumber ?? '',
    },
    // The last address's state when the list knows it (in any case), else a choice to make.
    address: {
      ...address,
      state: abroad ? region : (matchState(options.states, chosenState ?? address.state) ?? ''),
    },
    method: 'delivery',
  };
}

type DetailsStepProps = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The details typed so far (back from the payment step), or null for the starting ones. */
  values: CheckoutValues | null;
  problem: string | null;
  details: { data?: CheckoutDetails; isPending: boolean };
  delivery: ReturnType<typeof useDeliveryOptions>;
  subtotal: number;
  onSubmit: (values: CheckoutValues) => void;
  onBack: () => void;
};

/** Step 1 of 2: the customer's details and delivery address (or pickup). */
export function CheckoutDetailsStep(props: DetailsStepProps) {
  const { headingRef, values, problem, details, delivery, subtotal, onSubmit, onBack } = props;
  const { user } = useSession();
  const { state: chosenState } = useShopperState();
  const waiting = (values === null && details.isPending) || !delivery.data;
  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <p className="checkout__step">Step 1 of 2</p>
      <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title focus-target">
        Delivery details
      </h3>
      {delivery.isError && !delivery.data ? (
        <div role="alert" className="checkout__notice-region">
          <p className="alert alert--error checkout__notice">{messageOf(delivery.error, QUOTE_FAILED)}</p>
          <button type="button" className="btn btn--dark btn--sm" onClick={() => void delivery.refetch()}>
            Try again
          </button>
        </div>
      ) : waiting || !delivery.data ? (
        <div className="checkout__loading">
          <Spinner label="Loading your details…" />
        </div>
      ) : (
        <CheckoutForm
          initial={values ?? startingValues(details.data, user, delivery.data, chosenState)}
          options={delivery.data}
          subtotal={subtotal}
          initialProblem={problem}
          postalCode={details.data?.postalCode}
          onSubmit={(chosen) => {
            // The bag's "Deliver to" is a state of Nigeria.
            if (chosen.address.country === NIGERIA_NAME) rememberState(chosen.address.state);
            onSubmit(chosen);
          }}
          onBack={onBack}
        />
      )}
    </section>
  );
}
