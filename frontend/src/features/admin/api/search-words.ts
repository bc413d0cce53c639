import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { SynonymList } from '@/lib/types';
import { adminKeys } from './queryKeys';

/** GET /api/admin/search/synonyms: the merchant's groups of words that mean the same. */
export function useSearchWords() {
  return useQuery({
    queryKey: adminKeys.searchWords,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/search/synonyms', { signal })),
  });
}

/**
 * PUT /api/admin/search/synonyms: replaces every group; answers them as saved. Search results and
 * suggestions seen before are stale now, so they are fetched again.
 */
export function useSaveSearchWords() {
  const client = useQueryClient();
  return useMutation<SynonymList, ApiError, SynonymList>({
    mutationFn: (body) => answer(api.PUT('/api/admin/search/synonyms', { body })),
    onSuccess: (list) => {
      client.setQueryData(adminKeys.searchWords, list);
      void client.invalidateQueries({ queryKey: queryKeys.search.all });
      void client.invalidateQueries({ queryKey: queryKeys.suggest('').slice(0, 1) });
    },
  });
}
