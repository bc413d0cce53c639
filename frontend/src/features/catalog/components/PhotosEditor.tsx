import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { MAX_PHOTOS, addPhotos, movePhoto, removePhoto, replacePhoto, type Photo } from './photoOrder';
import { checkImageFile, useObjectUrl } from '@/lib/forms';

// What the server stores; listing the types (not image/*) makes phones convert HEIC to JPEG.
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

type PhotosEditorProps = {
  photos: ReadonlyArray<Photo>;
  onChange: (photos: Photo[]) => void;
  disabled?: boolean;
};

/**
 * Which button takes the focus after a change: a moved photo's own Move button at its new place;
 * after a removal, the Remove button of the photo now in its place (Add photos when none is left).
 */
type Focus = { key: string | null; action: 'up' | 'down' | 'remove' } | null;

/**
 * The product editor's main photos (part of its form, sent with Save): thumbnails in the order
 * shoppers see them, the first being the card's picture. Each can be moved (drag and drop with a
 * mouse; Move up and Move down anywhere, phones included), replaced by a file or removed; files
 * can be added up to eight photos in all.
 */
export function PhotosEditor({ photos, onChange, disabled = false }: PhotosEditorProps) {
  const legendId = useId();
  const hintId = useId();
  const addInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [focus, setFocus] = useState<Focus>(null);

  // The focus stays where the keyboard or screen reader user was, not lost with a moved node.
  useEffect(() => {
    if (!focus) return;
    const items = Array.from(list.current?.children ?? []) as HTMLElement[];
    const item = items.find((li) => li.dataset.photo === focus.key);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${focus.action}"]`);
    // At either end of the list a Move button is disabled: its other one takes the focus.
    const other = item?.querySelector<HTMLButtonElement>(`[data-action="${focus.action === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : (other ?? addButton.current))?.focus();
    setFocus(null);
  }, [focus]);

  const move = (from: number, to: number, action?: 'up' | 'down') => {
    if (to < 0 || to >= photos.length || from === to) return;
    const photo = photos[from]!;
    onChange(movePhoto(photos, from, to));
    setNotice({ tone: 'status', text: `Photo ${from + 1} moved to position ${to + 1}.` });
    if (action) setFocus({ key: photo.key, action });
  };

  const remove = (index: number) => {
    const next = removePhoto(photos, index);
    onChange(next);
    setNotice({ tone: 'status', text: `Photo ${index + 1} removed.` });
    setFocus({ key: next[Math.min(index, next.length - 1)]?.key ?? null, action: 'remove' });
  };

  const replace = (index: number, file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setNotice({ tone: 'alert', text: problem });
      return;
    }
    onChange(replacePhoto(photos, index, file));
    setNotice({ tone: 'status', text: `Photo ${index + 1} replaced by ${file.name}.` });
  };

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const problem = files.map(checkImageFile).find(Boolean);
    if (problem) {
      setNotice({ tone: 'alert', text: problem });
      return;
    }
    const added = addPhotos(photos, files);
    onChange(added.photos);
    const count = files.length - added.left;
    setNotice(
      added.left > 0
        ? { tone: 'alert', text: `Added ${count} of ${files.length}: a product may have at most ${MAX_PHOTOS} photos.` }
        : { tone: 'status', text: `Added ${count} ${count === 1 ? 'photo' : 'photos'}.` },
    );
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
    setOver(null);
  };

  return (
    <fieldset className="photos-editor" aria-describedby={hintId} disabled={disabled}>
      <legend id={legendId} className="photos-editor__title">
        Photos{' '}
        <span className="photos-editor__count">
          ({photos.length} of {MAX_PHOTOS})
        </span>
      </legend>
      <p id={hintId} className="photos-editor__hint">
        In the order shoppers see them: the first is the card&rsquo;s picture. Drag a photo to move it, or use Move up
        and Move down. Changes are saved with Save.
      </p>
      {photos.length === 0 ? (
        <p className="photos-editor__empty">No photos: add at least one.</p>
      ) : (
        <ol ref={list} className="photos-editor__list" aria-labelledby={legendId}>
          {photos.map((photo, i) => (
            <li
              key={photo.key}
              data-photo={photo.key}
              className={`photos-editor__item${dragging === i ? ' is-dragging' : ''}${over === i && dragging !== i ? ' is-over' : ''}`}
              draggable={!disabled}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                // Firefox starts a drag only with some data set.
                e.dataTransfer.setData('text/plain', String(i));
                setDragging(i);
              }}
              onDragEnter={() => setOver(i)}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(e) => onDrop(e, i)}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              <Thumb photo={photo} position={i + 1} />
              <div className="photos-editor__body">
                <p className="photos-editor__label">
                  <span className="photos-editor__position">{i + 1}</span>
                  {i === 0 && <span className="photos-editor__tag">Card picture</span>}
                  {photo.kind === 'new' && <span className="photos-editor__tag is-new">New</span>}
                </p>
                <div className="photos-editor__buttons">
                  <button
                    type="button"
                    className="btn btn--sm btn--outline photos-editor__button"
                    data-action="up"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1, 'up')}
                    aria-label={`Move up (photo ${i + 1})`}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline photos-editor__button"
                    data-action="down"
                    disabled={i === photos.length - 1}
                    onClick={() => move(i, i + 1, 'down')}
                    aria-label={`Move down (photo ${i + 1})`}
                  >
                    Move down
                  </button>
                  <ReplaceButton position={i + 1} onFile={(file) => replace(i, file)} />
                  <button
                    type="button"
                    className="btn btn--sm btn--outline photos-editor__button"
                    data-action="remove"
                    onClick={() => remove(i)}
                    aria-label={`Remove photo ${i + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="photos-editor__add">
        <button
          ref={addButton}
          type="button"
          className="btn btn--sm btn--dark"
          disabled={photos.length >= MAX_PHOTOS}
          onClick={() => addInput.current?.click()}
        >
          Add photos
        </button>
        <input
          ref={addInput}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label="Photos to add"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>
      {/* Moves and removals are announced; a refused file is an alert. Empty until there is news. */}
      <p className="photos-editor__notice" role="status">
        {notice?.tone === 'status' ? notice.text : ''}
      </p>
      {notice?.tone === 'alert' && (
        <p className="photos-editor__notice is-error" role="alert">
          {notice.text}
        </p>
      )}
    </fieldset>
  );
}

/** A photo's thumbnail: the stored picture's small size, or a chosen file's preview. */
function Thumb({ photo, position }: { photo: Photo; position: number }) {
  const preview = useObjectUrl(photo.kind === 'new' ? photo.file : null);
  const src = photo.kind === 'kept' ? photo.image.url : preview;
  const alt = photo.kind === 'kept' ? `Photo ${position}` : `Photo ${position}: ${photo.file.name}`;
  return src ? (
    <img
      src={src}
      // The stored picture's smallest size that fills 64 px, not its 640 px one.
      srcSet={photo.kind === 'kept' ? photo.image.srcset || undefined : undefined}
      sizes="64px"
      alt={alt}
      width={64}
      height={80}
      draggable={false}
      className="thumb photos-editor__thumb"
    />
  ) : (
    <span className="thumb photos-editor__thumb" role="img" aria-label={alt} />
  );
}

/** Replace: a button that opens the file chooser (the input itself stays hidden). */
function ReplaceButton({ position, onFile }: { position: number; onFile: (file: File | undefined) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--outline photos-editor__button"
        onClick={() => input.current?.click()}
        aria-label={`Replace photo ${position}`}
      >
        Replace
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={`New file for photo ${position}`}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
