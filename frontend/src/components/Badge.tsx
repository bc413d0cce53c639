type BadgeProps = { count: number };

/** A small gold count bubble; hidden at 0. Decorative: the owning control names the count. */
export function Badge({ count }: BadgeProps) {
  if (!count || count <= 0) return null;
  return (
    <span className="badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** "My Bag" / "My Bag (3)": the accessible name of a control that shows a count badge. */
export function withCount(label: string, count: number): string {
  return count > 0 ? `${label} (${count})` : label;
}
