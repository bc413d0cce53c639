import { startPreview } from '@/lib/shop';

/** What a draft screen says after each step. */
export const DRAFT_SAVED = 'Draft saved. Shoppers see it once you publish.';
export const PUBLISHED = 'Published: shoppers see it on their next page.';
export const REVERTED = 'Back to the version published before.';

type DraftActionsProps = {
  className: string;
  busy: boolean;
  /** Changed since the draft was saved: save it before previewing or publishing. */
  edited: boolean;
  /** The saved draft differs from what shoppers see. */
  unpublished: boolean;
  canRevert: boolean;
  onPublish: () => void;
  onRevert: () => void;
};

/**
 * The buttons under a draft of the shop's look (Shop identity, Home page): Save draft (the form's
 * submit), Preview (the storefront with the draft, in a new tab), Publish, Revert to previous.
 */
export function DraftActions({
  className,
  busy,
  edited,
  unpublished,
  canRevert,
  onPublish,
  onRevert,
}: DraftActionsProps) {
  const onPreview = () => {
    startPreview();
    window.open('/', '_blank', 'noopener');
  };
  return (
    <div className={className}>
      <button type="submit" className="btn btn--primary" disabled={busy || !edited}>
        Save draft
      </button>
      <button type="button" className="btn btn--outline" onClick={onPreview} disabled={busy || edited}>
        Preview
      </button>
      <button type="button" className="btn btn--primary" onClick={onPublish} disabled={busy || edited || !unpublished}>
        Publish
      </button>
      <button type="button" className="btn btn--outline" onClick={onRevert} disabled={busy || !canRevert}>
        Revert to previous
      </button>
    </div>
  );
}
