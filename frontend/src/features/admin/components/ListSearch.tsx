import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useDebounced } from '@/lib/useDebounced';
import { SearchBox } from '@/components/forms/SearchBox';

type ListSearchProps = {
  /** The search in the address now. */
  q: string;
  label: string;
  placeholder: string;
  /** The list's address for a search (from its first page). */
  path: (q: string) => string;
  className: string;
};

/**
 * The search over an admin list whose search lives in the address: typing searches from the
 * first page once it pauses, the address following (replacing, so Back leaves the list rather
 * than each letter).
 */
export function ListSearch({ q, label, placeholder, path, className }: ListSearchProps) {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(q);
  const settled = useDebounced(typed.trim(), 300);
  useEffect(() => {
    if (settled !== q.trim()) navigate(path(settled), { replace: true });
  }, [settled, q, navigate, path]);
  return (
    <form className={className} role="search" onSubmit={(e) => e.preventDefault()}>
      <SearchBox
        label={label}
        value={typed}
        maxLength={100}
        onValueChange={setTyped}
        placeholder={placeholder}
        enterKeyHint="search"
      />
    </form>
  );
}
