import { useRef, useState, type FocusEvent } from 'react';

/** A mouse event this soon after a touch is the browser's emulation of that tap, not a hover. */
const TOUCH_EMULATION_MS = 1000;
/** A focus this soon after a press came from that press (a tap or click), not from the keyboard. */
const PRESS_FOCUS_MS = 600;

/**
 * Pauses a carousel while a mouse hovers it or the keyboard focus is inside it (WCAG 2.2.2), but not
 * after a tap on a touch screen: a tap fires emulated mouseenter (never followed by mouseleave) and
 * focuses the tapped arrow or dot, which used to leave the carousel paused for good. Spread
 * `handlers` on the carousel's root element.
 */
export function useCarouselPause() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const lastTouch = useRef(-Infinity);
  const lastPress = useRef(-Infinity);

  const handlers = {
    onTouchStart: () => {
      lastTouch.current = performance.now();
      setHovered(false);
    },
    onPointerDown: () => {
      lastPress.current = performance.now();
    },
    onMouseEnter: () => {
      if (performance.now() - lastTouch.current > TOUCH_EMULATION_MS) setHovered(true);
    },
    onMouseLeave: () => setHovered(false),
    onFocus: () => {
      if (performance.now() - lastPress.current > PRESS_FOCUS_MS) setFocused(true);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
    },
  };

  return { paused: hovered || focused, handlers };
}
