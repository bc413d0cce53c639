import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { collectionUpload } from '../api/catalog';
import { useCollections } from '@/lib/collectionsQuery';
import { FileField, NameField, SelectField, TextAreaField } from '../components/Fields';
import { UploadPanel, useUploadForm } from '../components/UploadPanel';
import { formatWholePercent } from '../lib/progress';
import { validateCollection } from '../lib/validate';
import type { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
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
  const client = useQueryClient();
  const collections = useCollections();
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const upload = useUploadForm<CollectionAnswer>();

  const adding = selected === '';
  const current = collections.data?.find((c) => c.id === selected);

  const choose = (id: string) => {
    const chosen = collections.data?.find((c) => c.id === id);
    setSelected(chosen ? chosen.id : '');
    setName(chosen?.name ?? '');
    setDescription(chosen?.description ?? '');
    setImages([]);
    upload.setNotice(null);
  };

  const onSubmit = async () => {
    const image = images[0] ?? null;
    const answer = await upload.send({
      invalid: validateCollection({ name, description, image, adding }),
      request: () =>
        collectionUpload(adding ? null : selected, { name: name.trim(), description: description.trim(), image }),
      failure: (error) => (adding ? addCollectionErrorMessage(error) : error.message),
    });
    if (!answer) return;
    upload.setNotice({ tone: 'success', text: adding ? COLLECTION_ADDED : COLLECTION_UPDATED });
    setImages([]);
    if (adding) {
      setName('');
      setDescription('');
    } else {
      setName(answer.collection.name);
      setDescription(answer.collection.description);
    }
    // The collections list and the collection's own page.
    void client.invalidateQueries({ queryKey: queryKeys.collections.all });
  };

  return (
    <div className="container admin-slot">
      <UploadPanel
        title={adding ? 'Add a collection' : 'Edit a collection'}
        description="Collections appear on the home page and have their own page."
        beforeForm={
          collections.isError && (
            <p className="alert alert--error" role="alert">
              Could not fetch collections: {collections.error.message}
            </p>
          )
        }
        form={upload}
        onSubmit={onSubmit}
        formatPercent={formatWholePercent}
        submitLabel={adding ? 'Add Collection' : 'Update Collection'}
      >
        <SelectField
          label="Collection"
          value={selected}
          onValueChange={choose}
          placeholder="New collection"
          options={collections.data?.map((c) => ({ value: c.id, label: c.name })) ?? []}
        />
        <div className="admin-form__grid">
          <NameField value={name} onValueChange={setName} />
          <FileField
            label="Image"
            files={images}
            onChange={setImages}
            optional={!adding}
            hint={adding ? 'A wide picture works best (at least 1024 px across).' : undefined}
            current={current?.image ? [current.image] : undefined}
          />
        </div>
        <TextAreaField label="Description" value={description} onValueChange={setDescription} required />
      </UploadPanel>
    </div>
  );
}
