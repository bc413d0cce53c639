import { useId, useState, type ReactNode } from 'react';
import { Field, FieldAlert } from '@/components/TextField';
import { Spinner } from '@/components/Spinner';
import { useDebounced } from '@/lib/useDebounced';

/** A picker's search needs two characters. */
const MIN_CHARS = 2;

/** What is typed in a picker, and the search it settles to once typing pauses (or '' when too short). */
export function usePickerSearch() {
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim(), 250);
  return { typed, setTyped, q: settled.length >= MIN_CHARS ? settled : '' };
}

export type PickerSearch = ReturnType<typeof usePickerSearch>;

type SearchPickerProps = {
  label: string;
  optional?: boolean;
  placeholder: string;
  search: PickerSearch;
  /** Called with each change of what is typed, after it is kept. */
  onTyped?: () => void;
  /** The search's answer: whether one has come (no "no match" while the first is on its way). */
  query: { data: unknown; isFetching: boolean; error: Error | null };
  /** The matches, one button each; none says `noMatch` (null: nothing, a match is already chosen). */
  matches: ReadonlyArray<{ key: string; label: ReactNode; meta: ReactNode; onPick: () => void }>;
  noMatch: string | null;
  /** The list's name for screen readers ("Products found"). */
  listLabel: string;
};

/**
 * The "Find a product / customer" box of a new order: a search field and, announced as they
 * change, the matches as buttons (or searching, the error, or that nothing matches).
 */
export function SearchPicker({ label, optional, placeholder, search, onTyped, query, ...found }: SearchPickerProps) {
  const searchId = useId();
  const resultsId = useId();
  const { matches } = found;
  return (
    <>
      <Field id={searchId} label={label} optional={optional}>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          value={search.typed}
          aria-controls={resultsId}
          onChange={(e) => {
            search.setTyped(e.target.value);
            onTyped?.();
          }}
        />
      </Field>
      <div id={resultsId} aria-live="polite">
        {query.isFetching && search.q && <Spinner size="sm" label="Searching…" />}
        <FieldAlert message={query.error?.message} />
        {search.q && query.data !== undefined && matches.length === 0 && found.noMatch && (
          <p className="muted">{found.noMatch}</p>
        )}
        {matches.length > 0 && (
          <ul className="product-picker__results" aria-label={found.listLabel}>
            {matches.map((match) => (
              <li key={match.key}>
                <button type="button" className="product-picker__result" onClick={match.onPick}>
                  <span className="product-picker__name">{match.label}</span>
                  {match.meta}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
