import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';

import type { ContactMessage } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { ContactMessage };

/** GET /api/admin/contact-messages: the contact inbox, newest first. */
export const contactMessagesQueryOptions = queryOptions({
  queryKey: adminKeys.messages,
  queryFn: ({ signal }) => answer(api.GET('/api/admin/contact-messages', { signal })),
  staleTime: 0,
});

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions);
}
