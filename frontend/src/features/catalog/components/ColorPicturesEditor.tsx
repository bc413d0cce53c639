import { useId, useRef, useState } from 'react';
import { useSetColorImages } from '../api/edit-product';
import { failureMessage } from '@/lib/api';
import type { Image, Product } from '@/lib/types';

export const MAX_COLOR_IMAGES = 8;
export const COLOR_PICTURES_SAVED = 'Pictures saved.';
export const COLOR_PICTURES_REMOVED = 'Pictures removed: this colour shows the main pictures.';
export const COLOR_PICTURES_FAILED = 'Failed to save the pictures. Please try again.';
export const CHOOSE_PICTURES = 'Choose one or more pictures first.';
export const NOT_PICTURES = 'Selected file must be an image.';
export const TOO_MANY_PICTURES = `Choose at most ${MAX_COLOR_IMAGES} pictures.`;
export const PICTURE_TOO_LARGE = 'Image file size must be less than 10MB.';
const MAX_PICTURE_BYTES = 10_000_000;

function checkPictures(files: ReadonlyArray<File>): string | null {
  if (files.length === 0) return CHOOSE_PICTURES;
  if (files.length > MAX_COLOR_IMAGES) return TOO_MANY_PICTURES;
  if (files.some((f) => !f.type.startsWith('image/'))) return NOT_PICTURES;
  if (files.some((f) => f.size > MAX_PICTURE_BYTES)) return PICTURE_TOO_LARGE;
  return null;
}

/**
 * The product editor's colour pictures (admins): for each colour the product is sold in, the
 * pictures shoppers see when they choose it, uploaded, replaced or removed at once.
 */
export function ColorPicturesEditor({ product }: { product: Product }) {
  const headingId = useId();
  return (
    <section className="color-pictures" aria-labelledby={headingId}>
      <h2 id={headingId} className="color-pictures__title">
        Pictures by colour
      </h2>
      {product.colors.length === 0 ? (
        <p className="color-pictures__hint">
          Add colours above and save: each colour can then have pictures of its own.
        </p>
      ) : (
        <>
          <p className="color-pictures__hint">
            Shown when a shopper picks that colour; without any, the main pictures show. Colours added above get
            pictures once saved.
          </p>
          <ul className="color-pictures__list">
            {product.colors.map((color) => (
              <ColorRow
                key={color}
                productId={product.id}
                color={color}
                images={product.colorImages.find((c) => c.color === color)?.images ?? []}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

function ColorRow({ productId, color, images }: { productId: string; color: string; images: Image[] }) {
  const save = useSetColorImages(productId);
  const [files, setFiles] = useState<File[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  /** Uploads the chosen pictures, or with `remove` sends none: the colour shows the main pictures. */
  const send = (chosen: File[], remove = false) => {
    if (save.isPending) return;
    const problem = remove ? null : checkPictures(chosen);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    save.mutate(
      { color, images: chosen },
      {
        onSuccess: () => {
          setFiles([]);
          if (input.current) input.current.value = '';
          setNotice({ tone: 'success', text: chosen.length > 0 ? COLOR_PICTURES_SAVED : COLOR_PICTURES_REMOVED });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, COLOR_PICTURES_FAILED) }),
      },
    );
  };

  return (
    <li className="color-pictures__row" aria-busy={save.isPending}>
      <div className="color-pictures__head">
        <h3 className="color-pictures__color">{color}</h3>
        <span className="color-pictures__state">
          {images.length === 0
            ? 'Main pictures'
            : `${images.length} ${images.length === 1 ? 'picture' : 'pictures'} of its own`}
        </span>
      </div>
      {images.length > 0 && (
        <ul className="wrap-list" aria-label={`Pictures of ${color}`}>
          {images.map((image, i) => (
            <li key={image.url}>
              <img
                src={image.url}
                alt={`${color}, picture ${i + 1}`}
                width={64}
                height={64}
                loading="lazy"
                className="thumb"
              />
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="visually-hidden">
        {`New pictures for ${color}`}
      </label>
      <input
        ref={input}
        id={inputId}
        className="file-input color-pictures__file"
        type="file"
        accept="image/*"
        multiple
        disabled={save.isPending}
        onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
      />
      <div className="color-pictures__buttons">
        <button
          type="button"
          className="btn btn--sm btn--dark"
          disabled={save.isPending}
          onClick={() => send(files)}
          aria-label={`${images.length > 0 ? 'Replace' : 'Upload'} pictures of ${color}`}
        >
          {save.isPending ? 'Saving...' : images.length > 0 ? 'Replace pictures' : 'Upload pictures'}
        </button>
        {images.length > 0 && (
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={save.isPending}
            onClick={() => send([], true)}
            aria-label={`Remove pictures of ${color}`}
          >
            Remove pictures
          </button>
        )}
      </div>
      {/* Only while there is something to say: the product page's own alerts stay the only ones otherwise. */}
      {notice && (
        <p className={`color-pictures__notice is-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </li>
  );
}
