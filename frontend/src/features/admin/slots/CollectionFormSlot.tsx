import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCollections } from '../api/catalog';
import { adminKeys } from '../api/keys';
import { AdminPanel, FormNotice, UploadProgress, type Notice } from '../components/AdminPanel';
import { FileField, TextAreaField, TextField } from '../components/Fields';
import { formatWholePercent } from '../lib/progress';
import { useUpload } from '../lib/useUpload';
import { validateCollection } from '../lib/validate';
import type { ApiError } from '@/lib/api';
import type { Collection } from '@/lib/types';

export const COLLECTION_ADDED = 'New collection added successfully';
export const COLLECTION_UPDATED = 'Collection updated successfully';
export const COLLECTION_ADD_FAILED = 'Could not add document';

/** Adding: the server's message when it names something the admin can fix, else the spec's. */
export function addCollectionErrorMessage(error: ApiError): string {
  return [400, 409, 413].includes(error.status) ? error.message : COLLECTION_ADD_FAILED;
}

type CollectionAnswer = { message: string; collection: Collection };

/**
 * Home, admins only: add a collection, or pick one and edit it. Name and description are
 * required, the image only when adding (editing keeps the stored one unless a new one is chosen).
 */
export default function CollectionFormSlot() {
  const headingId = useId();
  const selectId = useId();
  const client = useQueryClient();
  const collections = useCollections();
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const { state, upload, busy } = useUpload<CollectionAnswer>();

  const adding = selected === '';
  const current = collections.data?.find((c) => c.id === selected);

  const choose = (id: string) => {
    const chosen = collections.data?.find((c) => c.id === id);
    setSelected(chosen ? chosen.id : '');
    setName(chosen?.name ?? '');
    setDescription(chosen?.description ?? '');
    setImages([]);
    setNotice(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const image = images[0] ?? null;
    const invalid = validateCollection({ name, description, image, adding });
    if (invalid) {
      setNotice({ tone: 'error', text: invalid });
      return;
    }
    setNotice(null);
    const form = new FormData();
    form.set('name', name.trim());
    form.set('description', description.trim());
    if (image) form.set('image', image);
    const result = await upload(
      adding
        ? { url: '/api/collections', method: 'POST', form, idempotent: true }
        : { url: `/api/collections/${encodeURIComponent(selected)}`, method: 'PUT', form },
    );
    if (!result) return;
    if (!result.ok) {
      setNotice({ tone: 'error', text: adding ? addCollectionErrorMessage(result.error) : result.error.message });
      return;
    }
    setNotice({ tone: 'success', text: adding ? COLLECTION_ADDED : COLLECTION_UPDATED });
    setImages([]);
    if (adding) {
      setName('');
      setDescription('');
    } else {
      setName(result.data.collection.name);
      setDescription(result.data.collection.description);
    }
    // The collections list and the collection's own page.
    void client.invalidateQueries({ queryKey: adminKeys.collectionsAll });
  };

  return (
    <div className="container admin-slot">
      <AdminPanel
        title={adding ? 'Add a collection' : 'Edit a collection'}
        headingId={headingId}
        description="Collections appear on the home page and have their own page."
      >
        {collections.isError && (
          <p className="alert alert--error" role="alert">
            Could not fetch collections: {collections.error.message}
          </p>
        )}
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId} aria-busy={busy}>
          <fieldset className="admin-form__fieldset" disabled={busy}>
            <div className="field admin-field">
              <label htmlFor={selectId} className="field__label">
                Collection
              </label>
              <select id={selectId} className="field__input" value={selected} onChange={(e) => choose(e.target.value)}>
                <option value="">New collection</option>
                {collections.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-form__grid">
              <TextField label="Name" value={name} onChange={setName} required maxLength={120} autoComplete="off" />
              <FileField
                label="Image"
                files={images}
                onChange={setImages}
                optional={!adding}
                hint={adding ? 'A wide picture works best (at least 1024 px across).' : undefined}
                current={current?.image ? [current.image] : undefined}
              />
            </div>
            <TextAreaField label="Description" value={description} onChange={setDescription} required />
            <FormNotice notice={notice} />
            {state.status === 'uploading' && <UploadProgress percent={state.percent} format={formatWholePercent} />}
            <div className="admin-form__actions">
              <button type="submit" className="btn btn--dark" disabled={busy}>
                {busy ? 'Saving...' : adding ? 'Add Collection' : 'Update Collection'}
              </button>
            </div>
          </fieldset>
        </form>
      </AdminPanel>
    </div>
  );
}
