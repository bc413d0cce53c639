import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFeeds, useRotateFeeds, useSaveFeedAudience } from '../api/feeds';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { SaveBar } from '../components/SaveBar';
import { PageShell } from '@/components/PageShell';
import { Field, TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { CollectionAudience, FeedAgeGroup, FeedGender, FeedsView } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './FeedsPage.css';

export const CONFIRM_ROTATE =
  'Replace both feed addresses? The old ones stop working at once: paste the new ones into Meta Commerce Manager and Google Merchant Center.';
export const ROTATED = 'New addresses made. Give them to each channel: the old ones no longer answer.';
export const ROTATE_FAILED = 'Could not replace the addresses. Please try again.';
export const AUDIENCE_SAVED = 'Saved. The feeds say so from their next fetch.';
export const AUDIENCE_SAVE_FAILED = 'Could not save who the items are for. Please try again.';

const GENDERS: ReadonlyArray<[FeedGender, string]> = [
  ['unisex', 'Everyone (unisex)'],
  ['female', 'Women'],
  ['male', 'Men'],
];
const AGE_GROUPS: ReadonlyArray<[FeedAgeGroup, string]> = [
  ['adult', 'Adults'],
  ['kids', 'Children'],
  ['toddler', 'Toddlers'],
  ['infant', 'Infants'],
  ['newborn', 'Newborns'],
];

/** "1 item" / "2,400 items". */
export function itemCount(n: number): string {
  return `${n.toLocaleString('en-NG')} ${n === 1 ? 'item' : 'items'}`;
}

/**
 * /admin/feeds (owners and managers): the catalogue feeds Meta (Instagram and Facebook shops) and
 * Google Merchant Center fetch: their addresses to paste into each channel, how many items they
 * list, the products left out because a channel would refuse them (and why), who the items are
 * for (gender and age group, which channels require of clothing), and replacing the addresses.
 */
export default function FeedsPage() {
  const feeds = useFeeds();
  return (
    <PageShell title="Feeds" eyebrow="Admin">
      <PageBar
        state={
          feeds.data
            ? `${itemCount(feeds.data.items)} in each feed`
            : 'Your products on Instagram, Facebook and Google.'
        }
        refresh={feeds}
      />
      <Loaded query={feeds} loading="Loading feeds…">
        {(view) => (
          <div className="feeds">
            <Addresses view={view} />
            <Refused view={view} />
            <Audience view={view} />
          </div>
        )}
      </Loaded>
    </PageShell>
  );
}

function Addresses({ view }: { view: FeedsView }) {
  const rotate = useRotateFeeds();
  const [notice, setNotice] = useState<Notice>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const headingId = useId();

  const copy = async (channel: string, url: string) => {
    await navigator.clipboard?.writeText(url);
    setCopied(channel);
  };
  const onRotate = () => {
    if (rotate.isPending || !window.confirm(CONFIRM_ROTATE)) return;
    setNotice(null);
    setCopied(null);
    rotate.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: ROTATED }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ROTATE_FAILED) }),
    });
  };

  return (
    <section className="feeds__card" aria-labelledby={headingId}>
      <h2 id={headingId}>Addresses</h2>
      <p className="muted feeds__lead">
        Paste each address into its channel as a scheduled feed (hourly or daily). Prices are in naira (NGN). Keep the
        addresses private: anyone who has one can read your catalogue.
      </p>
      <ul className="feeds__list">
        {view.feeds.map((feed) => (
          <li key={feed.channel} className="feeds__feed">
            <TextField label={feed.name} value={feed.url} readOnly hint={`${feed.format}, ${itemCount(view.items)}`} />
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => void copy(feed.channel, feed.url)}
              aria-label={`${copied === feed.channel ? 'Copied' : 'Copy'} the ${feed.channel === 'meta' ? 'Meta' : 'Google'} address`}
            >
              {copied === feed.channel ? 'Copied' : 'Copy'}
            </button>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {copied ? 'The address is copied.' : ''}
      </span>
      <div className="feeds__rotate">
        <button type="button" className="btn btn--outline" onClick={onRotate} disabled={rotate.isPending}>
          {rotate.isPending ? 'Replacing…' : 'Rotate address'}
        </button>
        <p className="muted">If an address was shared by mistake, replace both: the old ones stop working at once.</p>
      </div>
      <FormNotice notice={notice} />
    </section>
  );
}

function Refused({ view }: { view: FeedsView }) {
  const headingId = useId();
  const left = view.rejected.reduce((sum, r) => sum + r.items, 0);
  return (
    <section className="feeds__card" aria-labelledby={headingId}>
      <h2 id={headingId}>Left out</h2>
      {view.rejected.length === 0 ? (
        <p className="feeds__ok">Every product on show is in the feeds.</p>
      ) : (
        <>
          <p className="muted feeds__lead">
            {view.rejected.length === 1 ? '1 product' : `${view.rejected.length} products`} ({itemCount(left)}) would be
            refused by the channels, so the feeds leave them out until they are fixed.
          </p>
          <ul className="feeds__refused">
            {view.rejected.map((product) => (
              <li key={product.productId}>
                <Link href={`/product/${encodeURIComponent(product.productId)}`}>{product.name}</Link>
                <ul>
                  {product.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Choice<T extends string> = {
  label: string;
  value: T | null;
  options: ReadonlyArray<[T, string]>;
  inherit?: string;
};

function Select<T extends string>({
  label,
  value,
  options,
  inherit,
  onChange,
}: Choice<T> & { onChange: (value: T | null) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label} className="feeds__choice">
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || null) as T | null)}
      >
        {inherit !== undefined && <option value="">{inherit}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

const labelOf = <T extends string>(options: ReadonlyArray<[T, string]>, value: T) =>
  options.find(([v]) => v === value)?.[1] ?? value;

function Audience({ view }: { view: FeedsView }) {
  const save = useSaveFeedAudience();
  const headingId = useId();
  const [gender, setGender] = useState<FeedGender>(view.gender);
  const [ageGroup, setAgeGroup] = useState<FeedAgeGroup>(view.ageGroup);
  const [collections, setCollections] = useState<CollectionAudience[]>(view.collections);
  const [notice, setNotice] = useState<Notice>(null);
  const changed = useMemo(
    () =>
      gender !== view.gender ||
      ageGroup !== view.ageGroup ||
      JSON.stringify(collections) !== JSON.stringify(view.collections),
    [gender, ageGroup, collections, view],
  );
  const setCollection = (id: string, change: Partial<CollectionAudience>) => {
    setCollections(collections.map((c) => (c.id === id ? { ...c, ...change } : c)));
    setNotice(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setNotice(null);
    save.mutate(
      { gender, ageGroup, collections },
      {
        onSuccess: () => setNotice({ tone: 'success', text: AUDIENCE_SAVED }),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, AUDIENCE_SAVE_FAILED) }),
      },
    );
  };

  return (
    <form className="feeds__card" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>Who the items are for</h2>
      <p className="muted feeds__lead">
        Google and Meta require a gender and an age group for clothing. The shop’s apply to every collection that does
        not set its own.
      </p>
      <div className="feeds__shop">
        <Select label="Shop’s gender" value={gender} options={GENDERS} onChange={(v) => v && setGender(v)} />
        <Select label="Shop’s age group" value={ageGroup} options={AGE_GROUPS} onChange={(v) => v && setAgeGroup(v)} />
      </div>
      <ul className="feeds__collections">
        {collections.map((c) => (
          <li key={c.id}>
            <h3>{c.name}</h3>
            <div className="feeds__shop">
              <Select
                label={`${c.name}: gender`}
                value={c.gender ?? null}
                options={GENDERS}
                inherit={`Shop’s (${labelOf(GENDERS, gender)})`}
                onChange={(v) => setCollection(c.id, { gender: v })}
              />
              <Select
                label={`${c.name}: age group`}
                value={c.ageGroup ?? null}
                options={AGE_GROUPS}
                inherit={`Shop’s (${labelOf(AGE_GROUPS, ageGroup)})`}
                onChange={(v) => setCollection(c.id, { ageGroup: v })}
              />
            </div>
          </li>
        ))}
      </ul>
      <SaveBar notice={notice} saving={save.isPending} changed={changed} sticky />
    </form>
  );
}
