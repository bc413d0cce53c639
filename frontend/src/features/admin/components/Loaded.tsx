import type { ReactNode } from 'react';
import { Message } from '@/components/Message';
import { Spinner } from '@/components/Spinner';

type Query<T> = { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };

/**
 * An admin page's data as it arrives: a spinner, the error, what `empty` says when there is
 * nothing to show, else the content.
 */
export function Loaded<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: Query<T>;
  /** "Loading reviews…". */
  loading: string;
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="admin-orders__loading">
        <Spinner size="lg" label={loading} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return <Message title={`Error: ${query.error?.message}`} tone="error" />;
  }
  return empty?.(query.data) || children(query.data);
}
