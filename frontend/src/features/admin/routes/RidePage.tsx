import { useParams } from 'wouter';
import { useRideActions, useRideStop } from '../api/ride';
import { StopCard } from './RoundPage';
import { Spinner } from '@/components/Spinner';
import { isNotFound } from '@/lib/api';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export const LINK_ENDED =
  'This delivery link has ended: the order was delivered, given to someone else, or the link is too old. Ask the shop for a new one.';
export const RIDE_LOAD_FAILED = 'The delivery could not be loaded. Please check your connection and try again.';

/**
 * /ride/:token — a rider without an account opens the link the shop sent him: the one delivery it
 * is for, with the round's buttons (Leaving now, the code at the door, how the customer paid, a
 * photo instead of the code) and nothing else of the shop.
 */
export default function RidePage() {
  const { token = '' } = useParams<{ token: string }>();
  const stop = useRideStop(token);
  const actions = useRideActions(token);
  useDocumentTitle(stop.data ? `Delivery #${stop.data.number}` : 'Delivery');

  if (stop.isPending) {
    return (
      <div className="container page">
        <Spinner label="Loading your delivery…" />
      </div>
    );
  }
  if (stop.isError) {
    const ended = isNotFound(stop.error);
    return (
      <div className="container page">
        <h1>{ended ? 'Link ended' : 'Delivery'}</h1>
        <p className="alert alert--error" role="alert">
          {ended ? LINK_ENDED : RIDE_LOAD_FAILED}
        </p>
        {!ended && (
          <button type="button" className="btn btn--dark" onClick={() => void stop.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="container page">
      <h1>Your delivery</h1>
      <StopCard stop={stop.data} place={1} actions={actions} />
    </div>
  );
}
