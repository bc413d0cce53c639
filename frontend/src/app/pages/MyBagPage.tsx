import BagPage from '@/features/bag/routes/BagPage';
import { FeaturedGrid } from '@/features/catalog/components/FeaturedGrid';
import { CheckoutPanel } from '@/features/checkout/components/CheckoutPanel';
import { CheckoutNotice, CheckoutScope, useCheckoutScope } from '@/features/checkout/components/CheckoutScope';

/**
 * /mybag: the bag feature's page with checkout in its summary, checkout's outcome under the title,
 * and the catalogue's featured products beneath (SPEC section 2).
 */
export default function MyBagPage() {
  return (
    <CheckoutScope>
      <BagWithCheckout />
    </CheckoutScope>
  );
}

/**
 * While checkout is open the bag's summary steps aside, so nothing is asked or shown twice: the
 * checkout asks for the state (filled from "Deliver to"), and on its payment step the one total on
 * the page is the server's.
 */
export function BagWithCheckout() {
  const { step } = useCheckoutScope();
  return (
    <BagPage
      checkout={<CheckoutPanel />}
      notice={<CheckoutNotice />}
      below={<FeaturedGrid />}
      totals={step === 'payment' ? 'none' : step === 'details' ? 'subtotal' : 'total'}
      deliveryNote={step === 'closed'}
    />
  );
}
