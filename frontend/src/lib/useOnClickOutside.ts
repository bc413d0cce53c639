import { useEffect, useRef, type RefObject } from 'react';

/** Calls `handler` on a pointer press outside every element in `refs`, while `active`. */
export function useOnClickOutside(
  refs: ReadonlyArray<RefObject<HTMLElement | null>>,
  handler: (event: Event) => void,
  active = true,
): void {
  const latest = useRef({ refs, handler });
  latest.current = { refs, handler };

  useEffect(() => {
    if (!active) return;
    const listener = (event: Event) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (latest.current.refs.some((ref) => ref.current?.contains(target))) return;
      latest.current.handler(event);
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [active]);
}
