import { useQuery } from '@tanstack/react-query';
import { bagQueryOptions } from '@/lib/shopping';

/** GET /api/bag: the bag at current prices (its count also refreshes the bag badge). */
export function useBag() {
  return useQuery(bagQueryOptions);
}
