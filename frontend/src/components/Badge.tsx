type BadgeProps = {
  count: number;
  /** Hidden from screen readers, where the control names the count in its own text. */
  decorative?: boolean;
};

/**
 * A small gold count bubble; hidden at 0. It is part of its control's name: "My Bag", a space (a
 * text node of the control: names trim each element's own text) and the badge read "My Bag (3)".
 * The bubble's digits are drawn for the eye; screen readers get "(3)" in one hidden run (separate
 * hidden brackets were read "( 3 )"). So the accessible name always contains the visible text, and
 * no aria-label is needed on the control.
 */
export function Badge({ count, decorative = false }: BadgeProps) {
  if (!count || count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span className="badge" aria-hidden={decorative || undefined}>
      <span aria-hidden="true">{shown}</span>
      {!decorative && <span className="visually-hidden">({shown})</span>}
    </span>
  );
}

/** "My Bag" / "My Bag (3)": the accessible name of a control that shows a count badge. */
export function withCount(label: string, count: number): string {
  return count > 0 ? `${label} (${count})` : label;
}
