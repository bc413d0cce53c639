import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageBody } from '@/lib/types';

export type ContactInput = { email: string; message: string };
export type ContactReply = MessageBody;

/** POST /api/contact → 201 {message}; 400 {error: "validation", message}. */
export function sendContact(input: ContactInput): Promise<ContactReply> {
  return api.post<ContactReply>('/api/contact', input);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
