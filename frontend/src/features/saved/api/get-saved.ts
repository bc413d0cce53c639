import { useQuery } from '@tanstack/react-query';
import { savedQueryOptions } from '@/lib/shopping';

/** GET /api/saved: saved products, newest first (the length also refreshes the saved badge). */
export function useSavedItems(enabled = true) {
  return useQuery({ ...savedQueryOptions, enabled });
}
