import { useCallback, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronDownIcon } from './icons';
import { useOnClickOutside } from '@/lib/useOnClickOutside';
import './Dropdown.css';

export type DropdownItem =
  { label: string; href: string; icon?: ReactNode } | { label: string; onSelect: () => void; icon?: ReactNode };

type DropdownProps = {
  /** Visible button content. */
  label: ReactNode;
  /** Accessible name when the visible content is not enough (icon buttons). */
  ariaLabel?: string;
  items: ReadonlyArray<DropdownItem>;
  align?: 'start' | 'end';
  className?: string;
  buttonClassName?: string;
};

/**
 * A disclosure menu of links (the WAI pattern for site navigation): the button toggles a list,
 * with aria-expanded. Arrow keys move through the items, Home/End jump, Escape closes and returns
 * focus to the button; leaving by Tab or clicking outside closes it.
 */
export function Dropdown({ label, ariaLabel, items, align = 'start', className, buttonClassName }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  const close = useCallback(() => setOpen(false), []);
  useOnClickOutside([rootRef], close, open);

  const itemElements = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('a, button') ?? []);

  const focusItem = (which: 'first' | 'last' | number) => {
    // The list renders on the same tick as `open`; wait a frame for it to be focusable.
    requestAnimationFrame(() => {
      const elements = itemElements();
      if (elements.length === 0) return;
      const index = which === 'first' ? 0 : which === 'last' ? elements.length - 1 : which;
      elements[(index + elements.length) % elements.length]?.focus();
    });
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      focusItem('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      focusItem('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const elements = itemElements();
    const current = elements.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        elements[(current + 1) % elements.length]?.focus();
        break;
      case 'ArrowUp':
        event.preventDefault();
        elements[(current - 1 + elements.length) % elements.length]?.focus();
        break;
      case 'Home':
        event.preventDefault();
        elements[0]?.focus();
        break;
      case 'End':
        event.preventDefault();
        elements[elements.length - 1]?.focus();
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div className={`dropdown${className ? ` ${className}` : ''}`} ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`dropdown__button${buttonClassName ? ` ${buttonClassName}` : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <ChevronDownIcon size={16} className="dropdown__chevron" />
      </button>
      <ul
        id={listId}
        ref={listRef}
        className={`dropdown__list dropdown__list--${align}`}
        hidden={!open}
        onKeyDown={onListKeyDown}
      >
        {items.map((item) => (
          <li key={item.label}>
            {'href' in item ? (
              <Link href={item.href} className="dropdown__item" onClick={close}>
                {item.icon}
                {item.label}
              </Link>
            ) : (
              <button
                type="button"
                className="dropdown__item"
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
