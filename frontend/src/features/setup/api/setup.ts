import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { components } from '@/lib/api.gen';

export type SetupState = components['schemas']['SetupState'];
export type SetupForm = components['schemas']['SetupForm'];
export type SetupAnswer = components['schemas']['SessionView'];

/** GET /api/setup: the setup's state while the shop has no owner; a 404 once it has one. */
export function useSetupState() {
  return useQuery({
    queryKey: ['setup'],
    queryFn: ({ signal }) => answer(api.GET('/api/setup', { signal })),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/setup: makes the first owner (signed in by the answer's cookie) and restarts the shop. */
export function useSetUp() {
  return useMutation<SetupAnswer, ApiError, SetupForm>({
    mutationFn: (form) => answer(api.POST('/api/setup', { body: form })),
  });
}
