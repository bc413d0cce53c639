import { endPreview } from '@/lib/shop';
import { SHOP_PREVIEW } from '@/lib/site';

/**
 * Over a page the server drew with the identity's unpublished draft (a member of staff's Preview,
 * from the back office's Shop identity): says so, and ends the preview.
 */
export function PreviewBanner() {
  if (!SHOP_PREVIEW) return null;
  return (
    <div className="offline-banner" role="status">
      <div className="container offline-banner__inner">
        <strong>Preview of your unpublished changes</strong>
        <span>Shoppers do not see them until you publish.</span>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            endPreview();
            window.location.reload();
          }}
        >
          End preview
        </button>
      </div>
    </div>
  );
}
