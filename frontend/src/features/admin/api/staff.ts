import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { StaffRole } from '@/lib/staff';
import type { ActivityEntry, StaffInvite, StaffMember } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { ActivityEntry, StaffInvite, StaffMember };

/** The staff screen's answer: everyone with a role (owners first) and the invitations not yet used. */
export type StaffAnswer = { staff: StaffMember[]; invites: StaffInvite[] };

/** GET /api/admin/staff: everyone with a role, owners first, and the invitations not yet used. */
export function useStaff() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: ({ signal }): Promise<StaffAnswer> => answer(api.GET('/api/admin/staff', { signal })),
    staleTime: 0,
  });
}

/**
 * PATCH /api/admin/staff {email, role}: another role, or null to take the account off the staff.
 * Answers the whole staff; the server refuses to demote the last owner (409, its words shown).
 */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation<StaffAnswer, ApiError, { email: string; role: StaffRole | null }>({
    mutationFn: (body) => answer(api.PATCH('/api/admin/staff', { body })),
    onSuccess: (staff) => {
      client.setQueryData(adminKeys.staff, staff);
      void client.invalidateQueries({ queryKey: adminKeys.activity.all });
    },
  });
}

/** DELETE /api/admin/staff/invites/{id}: the invitation's link stops working; answers the staff. */
export function useCancelInvite() {
  const client = useQueryClient();
  return useMutation<StaffAnswer, ApiError, string>({
    mutationFn: (id) => answer(api.DELETE('/api/admin/staff/invites/{id}', { params: { path: { id } } })),
    onSuccess: (staff) => {
      client.setQueryData(adminKeys.staff, staff);
      void client.invalidateQueries({ queryKey: adminKeys.activity.all });
    },
  });
}

/**
 * POST /api/admin/grant {email, role}: the account with this e-mail joins the staff with the role,
 * or, without an account, the e-mail gets an invitation to join with it. The answer says which.
 */
export function useAddStaff() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, { email: string; role: StaffRole }>({
    mutationFn: (body) => answer(api.POST('/api/admin/grant', { body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.staff });
      void client.invalidateQueries({ queryKey: adminKeys.activity.all });
    },
  });
}

/** The log's page size (the server's): a shorter page is the last. */
export const ACTIVITY_PAGE = 100;

/**
 * GET /api/admin/activity?subject=&before=: newest first, 100 lines a page; "Older" asks for the
 * lines before the last one shown.
 */
export function useActivity(subject: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.activity.list(subject),
    queryFn: async ({ signal, pageParam }) =>
      (
        await answer(
          api.GET('/api/admin/activity', {
            params: { query: { subject: subject || undefined, before: pageParam ?? undefined } },
            signal,
          }),
        )
      ).activity,
    initialPageParam: null as number | null,
    getNextPageParam: (last: ActivityEntry[]) =>
      last.length < ACTIVITY_PAGE ? undefined : (last[last.length - 1]?.id ?? undefined),
    staleTime: 0,
  });
}
