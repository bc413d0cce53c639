import { useId, useRef, useState } from 'react';
import { useDeleteCollection, useHideCollection, useReorderCollections } from '../api/shelves';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import CollectionFormSlot from '../slots/CollectionFormSlot';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import { collectionPath } from '@/lib/collections';
import { useCollections } from '@/lib/collectionsQuery';
import type { Collection } from '@/lib/types';
import '../admin.css';
import './CollectionsPage.css';

/**
 * /admin/collections: the shop's collections in menu order. Each can move up or down, be hidden
 * from the menus (its address keeps working) or be deleted; one that still holds products is
 * deleted only by moving them to another collection in the same step. Adding, renaming and
 * describing use the collection form above the list.
 */
export default function CollectionsPage() {
  const collections = useCollections();
  return (
    <PageShell title="Collections" eyebrow="Admin">
      <PageBar state="The menus list these collections, in this order." refresh={collections} />
      <CollectionFormSlot />
      <Loaded query={collections} loading="Loading collections…">
        {(list) => <CollectionList list={list} />}
      </Loaded>
    </PageShell>
  );
}

function CollectionList({ list }: { list: Collection[] }) {
  const reorder = useReorderCollections();
  const hide = useHideCollection();
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    setNotice(null);
    reorder.mutate(ids, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: 'Order saved.' });
        // Keep the keyboard on the moved collection's button, now in its new row.
        requestAnimationFrame(() =>
          listRef.current
            ?.querySelector<HTMLButtonElement>(`[data-move="${id}:${by < 0 ? 'up' : 'down'}"]:not(:disabled)`)
            ?.focus(),
        );
      },
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, 'Could not save the order.') }),
    });
  };

  const toggle = (collection: Collection) => {
    setNotice(null);
    hide.mutate(
      { id: collection.id, hidden: !collection.hidden },
      {
        onSuccess: (saved) =>
          setNotice({
            tone: 'success',
            text: saved.hidden ? `${saved.name} is hidden from the menus.` : `${saved.name} is in the menus.`,
          }),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, 'Could not change the menus.') }),
      },
    );
  };

  return (
    <section className="admin-collections" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-collections__title">
        In the menus
      </h2>
      <FormNotice notice={notice} />
      <ol className="admin-stack admin-collections__list" ref={listRef}>
        {list.map((collection, index) => (
          <li
            key={collection.id}
            className={`admin-stack__item admin-collection${collection.hidden ? ' is-hidden' : ''}`}
          >
            <div className="admin-collection__main">
              <span className="admin-collection__name">
                {collection.name}
                {collection.hidden && <span className="admin-collection__badge">Hidden</span>}
              </span>
              <a className="admin-collection__address text-link" href={collectionPath(collection.id)}>
                {collectionPath(collection.id)}
              </a>
            </div>
            <div className="admin-collection__actions">
              <button
                type="button"
                className="btn btn--sm btn--outline"
                data-move={`${collection.id}:up`}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
                aria-label={`Move ${collection.name} up`}
              >
                ↑ Up
              </button>
              <button
                type="button"
                className="btn btn--sm btn--outline"
                data-move={`${collection.id}:down`}
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
                aria-label={`Move ${collection.name} down`}
              >
                ↓ Down
              </button>
              <label className="admin-collection__toggle">
                <input
                  type="checkbox"
                  checked={!collection.hidden}
                  disabled={hide.isPending}
                  onChange={() => toggle(collection)}
                />
                In menus
              </label>
              <button
                type="button"
                className="btn btn--sm btn--outline"
                aria-expanded={deleting === collection.id}
                onClick={() => setDeleting(deleting === collection.id ? null : collection.id)}
              >
                Delete…
              </button>
            </div>
            {deleting === collection.id && (
              <DeleteCollection
                collection={collection}
                others={list.filter((c) => c.id !== collection.id)}
                onDone={(text) => {
                  setDeleting(null);
                  setNotice({ tone: 'success', text });
                }}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function DeleteCollection({
  collection,
  others,
  onDone,
}: {
  collection: Collection;
  others: Collection[];
  onDone: (text: string) => void;
}) {
  const remove = useDeleteCollection();
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();

  const confirm = () => {
    setError(null);
    remove.mutate(
      { id: collection.id, moveTo: moveTo || null },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (e) => setError(failureMessage(e, 'Could not delete the collection.')),
      },
    );
  };

  return (
    <div className="admin-collection__delete">
      <label htmlFor={selectId}>Move its products, releases and discount codes to</label>
      <select id={selectId} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
        <option value="">Nothing (it must be empty)</option>
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--sm btn--dark" disabled={remove.isPending} onClick={confirm}>
        {remove.isPending ? 'Deleting…' : `Delete ${collection.name}`}
      </button>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
