import type { ReturnReason, ReturnStatus, ReturnWants } from './types';

/** How returns read to people, on the customer's pages and the Returns screen alike. */
export const REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  not_as_pictured: 'Not as pictured',
  damaged: 'Damaged or faulty',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const WANTS_LABELS: Record<ReturnWants, string> = {
  exchange: 'Another size or colour',
  credit: 'Store credit',
  refund: 'My money back',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Waiting for the shop',
  approved: 'Approved: send it back',
  refused: 'Not accepted',
  received: 'Received',
  closed: 'Closed',
};
