import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { ArrowRightIcon, CloseIcon, SearchIcon } from './icons';
import { useOnClickOutside } from '@/lib/useOnClickOutside';
import './SearchBar.css';

type SearchBarProps = {
  onClose: () => void;
  /** The button that opened the bar: a press on it is not an "outside" click, and focus returns to it. */
  toggleRef?: RefObject<HTMLElement | null>;
  initialQuery?: string;
};

export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

/**
 * The header's search bar: a labelled input with submit and close buttons. A non-empty trimmed
 * query goes to /search?q=…; an empty one does nothing. Escape and an outside click close it.
 */
export function SearchBar({ onClose, toggleRef, initialQuery = '' }: SearchBarProps) {
  const [query, setQuery] = useState(initialQuery);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
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
        <input
          ref={inputRef}
          id={inputId}
          className="search-bar__input"
          type="search"
          name="q"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search shoes, suits, watches…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" className="search-bar__submit" aria-label="Submit search">
          <ArrowRightIcon size={20} />
        </button>
        <button type="button" className="icon-button search-bar__close" aria-label="Close search" onClick={() => close(true)}>
          <CloseIcon size={22} />
        </button>
      </div>
    </form>
  );
}
