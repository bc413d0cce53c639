/** The order ids in `?orders=a,b,c`, or none (every order waiting to be packed). */
export function pickOrderIds(search: string): string[] {
  return (new URLSearchParams(search).get('orders') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** `/admin/pick-list?orders=a,b`: the pick list for these orders (all waiting ones without any). */
export function pickListPath(ids: readonly string[]): string {
  return ids.length > 0 ? `/admin/pick-list?orders=${ids.map(encodeURIComponent).join(',')}` : '/admin/pick-list';
}
