import type { ReactNode } from 'react';
import { AdminTag } from './AdminPanel';

type Refreshable = { refetch: () => unknown; isFetching: boolean; isPending: boolean };

/**
 * The bar at the top of an admin page: the "Admin" label, what the page holds, Refresh when the
 * page shows a list that others change, and the page's own actions.
 */
export function PageBar({
  state,
  refresh,
  children,
}: {
  state: ReactNode;
  refresh?: Refreshable;
  children?: ReactNode;
}) {
  return (
    <div className="admin-inline admin-inline--page">
      <AdminTag />
      <span className="admin-inline__state">{state}</span>
      {refresh && (
        <button
          type="button"
          className="btn btn--sm btn--outline"
          onClick={() => void refresh.refetch()}
          disabled={refresh.isFetching}
        >
          {refresh.isFetching && !refresh.isPending ? 'Refreshing...' : 'Refresh'}
        </button>
      )}
      {children}
    </div>
  );
}
