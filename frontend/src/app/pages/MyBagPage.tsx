import BagPage from '@/features/bag/routes/BagPage';
import { FeaturedGrid } from '@/features/catalog/components/FeaturedGrid';

/** /mybag: the bag feature's page with the catalogue's featured products beneath (SPEC section 2). */
export default function MyBagPage() {
  return <BagPage below={<FeaturedGrid />} />;
}
