import BagPage from '@/features/bag/routes/BagPage';
import { FeaturedGrid } from '@/features/catalog/components/FeaturedGrid';
import { CheckoutPanel } from '@/features/checkout/components/CheckoutPanel';
import { CheckoutNotice, CheckoutScope } from '@/features/checkout/components/CheckoutScope';

/**
 * /mybag: the bag feature's page with checkout in its summary, checkout's outcome under the title,
 * and the catalogue's featured products beneath (SPEC section 2).
 */
export default function MyBagPage() {
  return (
    <CheckoutScope>
      <BagPage checkout={<CheckoutPanel />} notice={<CheckoutNotice />} below={<FeaturedGrid />} />
    </CheckoutScope>
  );
}
