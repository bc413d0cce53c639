import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  useBrand,
  useLogoUploaded,
  usePublishBrand,
  useRemoveLogo,
  useRevertBrand,
  useSaveBrandDraft,
  type BrandView,
  type Identity,
} from '../api/brand';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { DRAFT_SAVED, DraftActions, PUBLISHED, REVERTED } from '../components/DraftActions';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { checkColour, type ContrastCheck } from '../lib/contrast';
import { useUpload } from '../lib/useUpload';
import { Field, TextField } from '@/components/TextField';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import type { FontPair } from '@/lib/types';
import '../admin.css';
import './BrandPage.css';

const FONTS: ReadonlyArray<{ value: FontPair; label: string; sample: string }> = [
  {
    value: 'classic',
    label: 'Classic: DM Serif Display headings, DM Sans text',
    sample: "'DM Serif Display', Georgia, serif",
  },
  { value: 'modern', label: 'Modern: DM Sans throughout', sample: "'DM Sans', system-ui, sans-serif" },
  { value: 'editorial', label: 'Editorial: Georgia headings, DM Sans text', sample: 'Georgia, serif' },
  { value: 'system', label: "System: the phone's own faces (nothing to download)", sample: 'system-ui, sans-serif' },
];

/** The shop's social links, each with an example address. */
const SOCIALS: ReadonlyArray<{ key: 'instagram' | 'facebook' | 'x' | 'tiktok'; label: string; example: string }> = [
  { key: 'instagram', label: 'Instagram', example: 'https://instagram.com/yourshop' },
  { key: 'facebook', label: 'Facebook', example: 'https://facebook.com/yourshop' },
  { key: 'x', label: 'X', example: 'https://x.com/yourshop' },
  { key: 'tiktok', label: 'TikTok', example: 'https://tiktok.com/@yourshop' },
];

/**
 * /admin/brand (owners and managers): the shop's identity — name, description, logo, colours,
 * fonts, contacts and social links. Edits are saved as a draft; Preview shows the storefront with
 * the draft in a new tab (to this browser only); Publish makes it the shop's; Revert goes back to
 * the version published before.
 */
export default function BrandPage() {
  const brand = useBrand();
  return (
    <PageShell title="Shop identity" eyebrow="Admin">
      <PageBar state="Your shop's name, logo, colours, fonts, contacts and social links. Save a draft, preview it, then publish." />
      <Loaded query={brand} loading="Loading the shop's identity…">
        {(view) => <BrandEditor view={view} />}
      </Loaded>
    </PageShell>
  );
}

function identityOf(view: BrandView['draft']): Identity {
  const { logo: _logo, ...identity } = view;
  return identity;
}

function BrandEditor({ view }: { view: BrandView }) {
  const save = useSaveBrandDraft();
  const publish = usePublishBrand();
  const revert = useRevertBrand();
  const removeLogo = useRemoveLogo();
  const uploaded = useLogoUploaded();
  const logoUpload = useUpload<BrandView>();
  const [draft, setDraft] = useState<Identity>(() => identityOf(view.draft));
  const [notice, setNotice] = useState<Notice>(null);
  const errorId = useId();
  const saved = identityOf(view.draft);
  const edited = JSON.stringify(draft) !== JSON.stringify(saved);
  const busy = save.isPending || publish.isPending || revert.isPending || removeLogo.isPending || logoUpload.busy;

  const edit =
    <K extends keyof Identity>(key: K) =>
    (value: Identity[K]) => {
      setDraft((d) => ({ ...d, [key]: value }));
      if (notice?.tone === 'success') setNotice(null);
    };
  const failed = (fallback: string) => (e: unknown) => setNotice({ tone: 'error', text: failureMessage(e, fallback) });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(identityOf(answer.draft));
        setNotice({ tone: 'success', text: DRAFT_SAVED });
      },
      onError: failed('Could not save the draft. Please try again.'),
    });
  };

  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (answer) => {
        setDraft(identityOf(answer.draft));
        setNotice({ tone: 'success', text: PUBLISHED });
      },
      onError: failed('Could not publish. Please try again.'),
    });

  const onRevert = () =>
    revert.mutate(undefined, {
      onSuccess: (answer) => {
        setDraft(identityOf(answer.draft));
        setNotice({ tone: 'success', text: REVERTED });
      },
      onError: failed('Could not go back. Please try again.'),
    });

  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('logo', file);
    const result = await logoUpload.upload({ url: '/api/admin/brand/logo', method: 'PUT', form });
    if (!result) return;
    if (result.ok) {
      uploaded(result.data);
      setNotice({ tone: 'success', text: 'Logo added to the draft.' });
    } else {
      failed('Could not upload the logo. Please try again.')(result.error);
    }
  };

  const logo = view.draft.logo;
  return (
    <form className="brand" onSubmit={onSave} noValidate aria-label="Shop identity" aria-describedby={errorId}>
      <div id={errorId}>
        <FormNotice notice={notice} />
      </div>
      <p className="brand__status muted" role="status">
        {view.unpublishedChanges || edited
          ? 'You have changes shoppers do not see yet.'
          : 'Shoppers see what is below.'}
      </p>

      <section className="admin-card brand-section" aria-labelledby="brand-name">
        <h2 id="brand-name" className="admin-card__title">
          Name and logo
        </h2>
        <TextField label="Shop name" value={draft.name} onValueChange={edit('name')} maxLength={80} required />
        <TextField
          label="One line about the shop"
          hint="Shown in the footer and in link previews on WhatsApp and Instagram."
          value={draft.description}
          onValueChange={edit('description')}
          maxLength={160}
          optional
        />
        <Field id="brand-logo" label="Logo" hint="PNG, JPEG or WebP, at most 10 MB. SVG is not accepted." optional>
          <div className="brand-logo">
            <div className="brand-logo__preview" style={{ background: draft.headerColour }}>
              {logo ? (
                <img src={logo.url} alt="Your logo" height={48} />
              ) : (
                <span className="brand-logo__none">No logo: your name shows alone</span>
              )}
            </div>
            <input
              id="brand-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => void onLogo(e)}
              disabled={busy}
              aria-describedby="brand-logo-hint"
            />
            {logo && (
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => removeLogo.mutate(undefined)}
                disabled={busy}
              >
                Remove logo
              </button>
            )}
            {logoUpload.state.status === 'uploading' && <p className="muted">Uploading… {logoUpload.state.percent}%</p>}
          </div>
        </Field>
      </section>

      <section className="admin-card brand-section" aria-labelledby="brand-look">
        <h2 id="brand-look" className="admin-card__title">
          Colours and fonts
        </h2>
        <ColourField
          label="Action colour (buttons and links)"
          kind="primary"
          value={draft.primaryColour}
          onChange={edit('primaryColour')}
        />
        <ColourField
          label="Header and footer colour"
          kind="header"
          value={draft.headerColour}
          onChange={edit('headerColour')}
        />
        <fieldset className="brand-fonts">
          <legend className="field__label">Fonts</legend>
          {FONTS.map((font) => (
            <label key={font.value} className="brand-fonts__choice">
              <input
                type="radio"
                name="fonts"
                value={font.value}
                checked={draft.fonts === font.value}
                onChange={() => edit('fonts')(font.value)}
              />
              <span style={{ fontFamily: font.sample }}>{font.label}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <section className="admin-card brand-section" aria-labelledby="brand-contact">
        <h2 id="brand-contact" className="admin-card__title">
          Contact and social
        </h2>
        <div className="brand-grid">
          <TextField label="Phone" type="tel" value={draft.phone} onValueChange={edit('phone')} optional />
          <TextField
            label="WhatsApp number"
            type="tel"
            value={draft.whatsapp}
            onValueChange={edit('whatsapp')}
            optional
          />
          <TextField label="E-mail" type="email" value={draft.email} onValueChange={edit('email')} optional />
          <TextField label="Opening hours" value={draft.hours} onValueChange={edit('hours')} maxLength={120} optional />
        </div>
        <TextField
          label="Street address"
          value={draft.address}
          onValueChange={edit('address')}
          maxLength={200}
          optional
        />
        <div className="brand-grid">
          {SOCIALS.map(({ key, label, example }) => (
            <TextField
              key={key}
              label={label}
              type="url"
              placeholder={example}
              value={draft[key]}
              onValueChange={edit(key)}
              optional
            />
          ))}
        </div>
      </section>

      <DraftActions
        className="brand-actions"
        busy={busy}
        edited={edited}
        unpublished={view.unpublishedChanges}
        canRevert={view.canRevert}
        onPublish={onPublish}
        onRevert={onRevert}
      />
    </form>
  );
}

type ColourFieldProps = {
  label: string;
  kind: 'primary' | 'header';
  value: string;
  onChange: (value: string) => void;
};

/** A colour as a picker and as text, with its contrast measured as it changes. */
function ColourField({ label, kind, value, onChange }: ColourFieldProps) {
  const id = useId();
  const checks = checkColour(kind, value);
  const picker = checks ? value.trim() : '#000000';
  return (
    <Field id={id} label={label}>
      <div className="brand-colour">
        <input
          type="color"
          aria-label={`${label}: picker`}
          value={picker.length === 7 ? picker : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          className="field__input brand-colour__text"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-contrast`}
          aria-invalid={!checks || checks.some((c) => !c.ok) ? true : undefined}
          spellCheck={false}
        />
      </div>
      <ul id={`${id}-contrast`} className="brand-contrast" aria-live="polite">
        {checks === null ? (
          <li className="brand-contrast__bad">Not a colour: write it as #rrggbb.</li>
        ) : (
          checks.map((check: ContrastCheck) => (
            <li key={check.pair} className={check.ok ? 'brand-contrast__ok' : 'brand-contrast__bad'}>
              {check.pair}: {check.ratio.toFixed(1)}:1 — {check.ok ? 'passes WCAG AA' : 'fails WCAG AA (needs 4.5:1)'}
            </li>
          ))
        )}
      </ul>
    </Field>
  );
}
