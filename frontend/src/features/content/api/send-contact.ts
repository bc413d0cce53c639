import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import type { ContactInput, MessageBody } from '@/lib/types';

export type { ContactInput };
export type ContactReply = MessageBody;

/** POST /api/contact → 201 {message}; 400 {error: "validation", message}. */
export function sendContact(input: ContactInput): Promise<ContactReply> {
  return answer(api.POST('/api/contact', { body: input }));
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
