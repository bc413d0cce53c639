import { useAdminPages } from '../../api/shelves';
import { SelectField } from '../Fields';
import { TextField } from '@/components/TextField';
import { useCollections } from '@/lib/collectionsQuery';
import type { HomeTarget } from '@/lib/types';

type Kind = HomeTarget['kind'];

const KINDS: ReadonlyArray<{ value: Kind; label: string }> = [
  { value: 'collections', label: 'The collections on the home page' },
  { value: 'collection', label: 'A collection' },
  { value: 'product', label: 'A product' },
  { value: 'page', label: 'One of your pages' },
  { value: 'path', label: 'Another address on the shop' },
];

/** A product's id from what the merchant pasted: its link (…/product/{id}) or the id itself. */
export function productIdFrom(text: string): string {
  const trimmed = text.trim();
  const match = /\/product\/([^/?#\s]+)/.exec(trimmed);
  return match?.[1] ? decodeURIComponent(match[1]) : trimmed;
}

function fresh(kind: Kind): HomeTarget {
  switch (kind) {
    case 'collections':
      return { kind };
    case 'collection':
    case 'product':
      return { kind, id: '' };
    case 'page':
      return { kind, slug: '' };
    case 'path':
      return { kind, path: '/' };
  }
}

type TargetFieldProps = {
  /** "Slide 1's button": names the fields for assistive technology. */
  label: string;
  value: HomeTarget;
  onChange: (value: HomeTarget) => void;
};

/** Where a button leads: somewhere on the shop, chosen from what exists (the server checks it again). */
export function TargetField({ label, value, onChange }: TargetFieldProps) {
  const collections = useCollections();
  const pages = useAdminPages();
  return (
    <div className="home-target">
      <SelectField
        label={`${label} leads to`}
        value={value.kind}
        placeholder="Choose where it leads"
        options={KINDS}
        onValueChange={(kind) => onChange(fresh(kind as Kind))}
      />
      {value.kind === 'collection' && (
        <SelectField
          label="Collection"
          value={value.id}
          placeholder="Choose a collection"
          options={(collections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onValueChange={(id) => onChange({ kind: 'collection', id })}
        />
      )}
      {value.kind === 'product' && (
        <TextField
          label="Product link"
          hint="Open the product in the shop and paste its address here."
          value={value.id}
          onValueChange={(text) => onChange({ kind: 'product', id: productIdFrom(text) })}
        />
      )}
      {value.kind === 'page' && (
        <SelectField
          label="Page"
          value={value.slug}
          placeholder="Choose a page"
          options={(pages.data ?? []).map((p) => ({ value: p.slug, label: p.title }))}
          onValueChange={(slug) => onChange({ kind: 'page', slug })}
        />
      )}
      {value.kind === 'path' && (
        <TextField
          label="Address on the shop"
          hint="Starting with /, like /search?q=adire"
          value={value.path}
          onValueChange={(path) => onChange({ kind: 'path', path })}
        />
      )}
    </div>
  );
}
