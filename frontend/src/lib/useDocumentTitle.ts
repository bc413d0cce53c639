import { useEffect } from 'react';
import { SHOP_NAME } from './site';

/** Sets `{title} — Ankara` (or just `Ankara`) while the calling page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
