import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { answer, api, failureMessage } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { MyOrders, Order } from '@/lib/types';

/**
 * POST /api/orders/claim {token}: the orders placed as a guest with the account's e-mail join the
 * account (the token comes from the link mailed to that e-mail on sign-in). Answers My Orders
 * afterwards; 400 when the link has expired or was made for another account.
 */
export function claimOrders(token: string): Promise<MyOrders> {
  return answer(api.POST('/api/orders/claim', { body: { token } }));
}

export const CLAIM_FAILED = "We couldn't add your earlier orders. Please open the link from the e-mail again.";

/** Following the link: nothing to do, the call on its way, its outcome. */
export type ClaimState =
  | { step: 'none' }
  | { step: 'claiming' }
  /** `added`: the ids of the orders the account did not hold before. */
  | { step: 'claimed'; added: string[] }
  | { step: 'failed'; message: string };

/** "2 earlier orders were added to My Orders.", or that there was nothing left to add. */
export function claimedText(added: number): string {
  if (added === 0) return 'Your earlier orders are already in My Orders.';
  return added === 1 ? '1 earlier order was added to My Orders.' : `${added} earlier orders were added to My Orders.`;
}

/**
 * Claims with `token` once, when `before` (the orders as read before the claim) is known: the
 * answer's orders replace the cached list, and those not in `before` are the ones added (the
 * answer does not count them). No token: nothing happens.
 */
export function useClaimOrders(token: string | null, before: Order[] | undefined): ClaimState {
  const client = useQueryClient();
  const [state, setState] = useState<ClaimState>(token ? { step: 'claiming' } : { step: 'none' });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || !before || sent.current) return;
    sent.current = true;
    const known = new Set(before.map((order) => order.id));
    claimOrders(token).then(
      ({ orders }) => {
        client.setQueryData(queryKeys.orders, orders);
        setState({ step: 'claimed', added: orders.filter((order) => !known.has(order.id)).map((order) => order.id) });
      },
      (error: unknown) => setState({ step: 'failed', message: failureMessage(error, CLAIM_FAILED) }),
    );
  }, [client, token, before]);
  return state;
}
