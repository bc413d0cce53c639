import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ArrowRightIcon, SearchIcon } from './icons';
import { CloseIcon } from './moreIcons';
import { productPath } from '@/lib/collections';
import { formatNaira } from '@/lib/money';
import { ResponsiveImage } from './ResponsiveImage';
import { suggestionsQueryOptions } from '@/lib/search';
import type { Suggestion } from '@/lib/types';
import { useOnClickOutside } from '@/lib/useOnClickOutside';
import { useDebounced } from '@/lib/useDebounced';
import './SearchBar.css';

type SearchBarProps = {
  onClose: () => void;
  /** The button that opened the bar: a press on it is not an "outside" click, and focus returns to it. */
  toggleRef?: RefObject<HTMLElement | null>;
  initialQuery?: string;
};

/** SPEC section 9: suggestions for at least 2 characters, 300 ms after the last keystroke, 5 at most. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_LIMIT = 5;
export const NO_PRODUCTS_FOUND = 'No products found';

export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

/** The suggestions for `q`, once it is long enough; the previous ones stay while the next load. */
function useSuggestions(q: string) {
  return useQuery({
    ...suggestionsQueryOptions(q),
    enabled: q.length >= SUGGEST_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The header's search bar: a combobox with live suggestions (the WAI-ARIA combobox/listbox
 * pattern). ArrowDown/ArrowUp move through the suggestions, Enter opens the highlighted product or
 * submits the text to /search?q=…, Escape closes the suggestions, then the bar. An empty query does
 * nothing; an outside click closes the bar.
 */
export function SearchBar({ onClose, toggleRef, initialQuery = '' }: SearchBarProps) {
  const [query, setQuery] = useState(initialQuery);
  const [listOpen, setListOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();

  const trimmed = query.trim();
  const settled = useDebounced(trimmed, SUGGEST_DEBOUNCE_MS);
  const suggest = useSuggestions(settled);
  const items = (suggest.data ?? []).slice(0, SUGGEST_LIMIT);
  const answered = settled.length >= SUGGEST_MIN_CHARS && (suggest.isSuccess || suggest.isError);
  const showPopup = listOpen && trimmed.length >= SUGGEST_MIN_CHARS && answered;
  const showList = showPopup && !suggest.isError && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // New suggestions: nothing highlighted.
  useEffect(() => setActive(-1), [suggest.data]);

  const close = useCallback(
    (returnFocus: boolean) => {
      onClose();
      if (returnFocus) toggleRef?.current?.focus();
    },
    [onClose, toggleRef],
  );

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const outsideRefs = useRef([formRef, ...(toggleRef ? [toggleRef] : [])]).current;
  useOnClickOutside(outsideRefs, () => close(false));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  /** A suggestion opens its product page. */
  const openProduct = (suggestion: Suggestion) => {
    navigate(productPath(suggestion.id));
    onClose();
  };

  const onInputKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!showList) {
        if (!listOpen) setListOpen(true);
        return;
      }
      event.preventDefault();
      const last = items.length - 1;
      setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter' && showList && active >= 0 && items[active]) {
      event.preventDefault();
      openProduct(items[active]);
    } else if (event.key === 'Escape' && showPopup) {
      // First Escape closes the suggestions only; the next one closes the bar.
      event.preventDefault();
      event.nativeEvent.stopPropagation();
      setListOpen(false);
      setActive(-1);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed) {
      inputRef.current?.focus();
      return;
    }
    navigate(searchPath(trimmed));
    onClose();
  };

  return (
    <form ref={formRef} className="search-bar" role="search" onSubmit={onSubmit}>
      <div className="search-bar__inner container">
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <SearchIcon size={20} className="search-bar__icon" />
        <div className="search-bar__field">
          <input
            ref={inputRef}
            id={inputId}
            className="search-bar__input"
            type="search"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={showList ? listId : undefined}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setListOpen(true);
            }}
            onKeyDown={onInputKeyDown}
            placeholder="Search shoes, suits, watches…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
          />
          {showPopup && (
            <div className="search-suggest">
              {showList ? (
                <ul id={listId} className="search-suggest__list" role="listbox" aria-label="Suggestions">
                  {items.map((item, i) => (
                    <li
                      key={item.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`search-suggest__option${i === active ? ' is-active' : ''}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(i)}
                      onClick={() => openProduct(item)}
                    >
                      <span className="search-suggest__thumb">
                        <ResponsiveImage image={item.image} alt="" sizes="48px" className="search-suggest__img" />
                      </span>
                      <span className="search-suggest__text">
                        <span className="search-suggest__name">{item.name}</span>
                        {item.category && <span className="search-suggest__category">{item.category}</span>}
                      </span>
                      <span className="search-suggest__price">{formatNaira(item.price)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="search-suggest__empty" role="status">
                  {NO_PRODUCTS_FOUND}
                </p>
              )}
            </div>
          )}
        </div>
        <button type="submit" className="search-bar__submit" aria-label="Submit search">
          <ArrowRightIcon size={20} />
        </button>
        <button
          type="button"
          className="icon-button search-bar__close"
          aria-label="Close search"
          onClick={() => close(true)}
        >
          <CloseIcon size={22} />
        </button>
      </div>
    </form>
  );
}
