import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { components } from '@/lib/api.gen';

export type KeysView = components['schemas']['KeysView'];
export type PaystackKeys = components['schemas']['PaystackKeys'];
export type AddressesChange = components['schemas']['AddressesChange'];
export type TestMailSent = components['schemas']['TestMailSent'];
export type MessagingKeys = components['schemas']['MessagingKeys'];
export type CourierKey = components['schemas']['CourierKey'];

const KEYS = ['admin', 'keys'] as const;

/** GET /api/admin/keys: the keys and addresses in force, secrets masked (owners only). */
export function useKeys() {
  return useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/keys', { signal })),
    staleTime: 0,
  });
}

/** PUT /api/admin/keys/paystack: checked with Paystack at once, then saved (the shop restarts). */
export function useSavePaystackKeys() {
  const client = useQueryClient();
  return useMutation<KeysView, ApiError, PaystackKeys>({
    mutationFn: (keys) => answer(api.PUT('/api/admin/keys/paystack', { body: keys })),
    onSuccess: (view) => client.setQueryData(KEYS, view),
  });
}

/** PUT /api/admin/keys/addresses: the fields sent change, the others stay (the shop restarts). */
export function useSaveAddresses() {
  const client = useQueryClient();
  return useMutation<KeysView, ApiError, AddressesChange>({
    mutationFn: (change) => answer(api.PUT('/api/admin/keys/addresses', { body: change })),
    onSuccess: (view) => client.setQueryData(KEYS, view),
  });
}

/** POST /api/admin/keys/test-mail: a mail to the signed-in owner, now, through the server typed (or the one in force). */
export function useSendTestMail() {
  return useMutation<TestMailSent, ApiError, { smtpUrl: string | null }>({
    mutationFn: (body) => answer(api.POST('/api/admin/keys/test-mail', { body })),
  });
}

/** PUT /api/admin/keys/messaging: Termii's key and sender ID, the WhatsApp token and phone number ID (the shop restarts). */
export function useSaveMessagingKeys() {
  const client = useQueryClient();
  return useMutation<KeysView, ApiError, MessagingKeys>({
    mutationFn: (body) => answer(api.PUT('/api/admin/keys/messaging', { body })),
    onSuccess: (view) => client.setQueryData(KEYS, view),
  });
}

/** PUT /api/admin/keys/courier: Shipbubble's API key; empty for the sandbox courier (the shop restarts). */
export function useSaveCourierKey() {
  const client = useQueryClient();
  return useMutation<KeysView, ApiError, CourierKey>({
    mutationFn: (body) => answer(api.PUT('/api/admin/keys/courier', { body })),
    onSuccess: (view) => client.setQueryData(KEYS, view),
  });
}
