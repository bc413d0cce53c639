import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { EventSetting, MessagePreview, MessageSettings, MessagesView } from '@/lib/types';
import { adminKeys } from './queryKeys';

/** GET /api/admin/messages: each event's channels and words, the daily cap, where messages go. */
export function useOrderUpdates() {
  return useQuery({
    queryKey: adminKeys.orderUpdates,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/messages', { signal })),
  });
}

/** PUT /api/admin/messages: saved only when every template's placeholders check out. */
export function useSaveOrderUpdates() {
  const client = useQueryClient();
  return useMutation<MessagesView, ApiError, MessageSettings>({
    mutationFn: (body) => answer(api.PUT('/api/admin/messages', { body })),
    onSuccess: (view) => client.setQueryData(adminKeys.orderUpdates, view),
  });
}

/** POST /api/admin/messages/preview: one event's words for a sample order. */
export function usePreviewMessage() {
  return useMutation<MessagePreview, ApiError, EventSetting>({
    mutationFn: (body) => answer(api.POST('/api/admin/messages/preview', { body })),
  });
}

/** GET /api/admin/orders/{id}/messages: the order's SMS and WhatsApp messages, oldest first. */
export function useOrderMessages(id: string) {
  return useQuery({
    queryKey: adminKeys.orderMessages(id),
    queryFn: ({ signal }) => answer(api.GET('/api/admin/orders/{id}/messages', { params: { path: { id } }, signal })),
    staleTime: 0,
  });
}
