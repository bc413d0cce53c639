import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSaveShopSettings, useShopSettings, type ShopSettings } from '../api/settings';
import { type Notice } from '../components/AdminPanel';
import { SaveBar } from '../components/SaveBar';
import { CountField, NairaField, TickList } from '../components/Fields';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { PricesAbroadSection } from '../components/PricesAbroadSection';
import { currenciesChange, currenciesChanged, currencyDrafts, type CurrencyDraft } from '../lib/currencySettings';
import type { AbroadCurrency } from '../lib/moneyAbroad';
import {
  changeOf,
  draftOf,
  isChanged,
  SETTINGS_SECTIONS,
  type ChannelsField,
  type ChoiceField,
  type NumberField,
  type SettingField,
  type SettingKey,
  type SettingsDraft,
  type ToggleField,
} from '../lib/settings';
import { Field } from '@/components/TextField';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import type { PaymentChannel } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './SettingsPage.css';

export const SETTINGS_SAVED = 'Settings saved.';
export const SETTINGS_SAVE_FAILED = 'Could not save the settings. Please try again.';

/**
 * /admin/settings (admins only): what the merchant decides about selling, one card per section
 * (`SETTINGS_SECTIONS`), saved together; only the fields that changed are sent.
 */
export default function SettingsPage() {
  const settings = useShopSettings();
  return (
    <PageShell title="Settings" eyebrow="Admin">
      <PageBar state="How the shop sells: limits on what one order may hold, guest checkout, the ways to pay, pay on delivery and prices abroad." />
      <Loaded query={settings} loading="Loading the settings…">
        {(data) => <SettingsEditor settings={data} />}
      </Loaded>
    </PageShell>
  );
}

function SettingsEditor({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettings();
  const [saved, setSaved] = useState(settings);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState<SettingKey | null>(null);
  const inputs = useRef<Partial<Record<SettingKey, HTMLInputElement | null>>>({});
  const [abroad, setAbroad] = useState<CurrencyDraft[]>(() => currencyDrafts(settings.currencies));
  const [invalidRate, setInvalidRate] = useState<AbroadCurrency | null>(null);
  const rates = useRef<Partial<Record<AbroadCurrency, HTMLInputElement | null>>>({});
  const changed = isChanged(draft, saved) || currenciesChanged(abroad, saved.currencies);

  const edit = <K extends SettingKey>(key: K, value: SettingsDraft[K]) => {
    setDraft({ ...draft, [key]: value });
    if (notice) setNotice(null);
    if (invalid === key) setInvalid(null);
  };

  const editCurrency = (next: CurrencyDraft) => {
    setAbroad(abroad.map((c) => (c.currency === next.currency ? next : c)));
    if (notice) setNotice(null);
    if (invalidRate === next.currency) setInvalidRate(null);
  };

  const done = (answer: ShopSettings) => {
    setSaved(answer);
    setDraft(draftOf(answer));
    setAbroad(currencyDrafts(answer.currencies));
    setNotice({ tone: 'success', text: SETTINGS_SAVED });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = changeOf(draft, saved);
    if ('problem' in result) {
      setInvalid(result.key);
      setInvalidRate(null);
      setNotice({ tone: 'error', text: result.problem });
      inputs.current[result.key]?.focus();
      return;
    }
    const currencies = currenciesChange(abroad, saved.currencies);
    if ('problem' in currencies) {
      setInvalid(null);
      setInvalidRate(currencies.currency);
      setNotice({ tone: 'error', text: currencies.problem });
      rates.current[currencies.currency]?.focus();
      return;
    }
    setInvalid(null);
    setInvalidRate(null);
    setNotice(null);
    const change = { ...result.change, ...currencies };
    // Typed differently but the same values ("05" for 5): nothing to send.
    if (Object.keys(change).length === 0) return done(saved);
    save.mutate(change, {
      onSuccess: done,
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, SETTINGS_SAVE_FAILED) }),
    });
  };

  return (
    <form className="settings" onSubmit={onSubmit} noValidate aria-label="Shop settings">
      {SETTINGS_SECTIONS.map((section) => (
        <section key={section.id} className="admin-card settings-section" aria-labelledby={`settings-${section.id}`}>
          <h2 id={`settings-${section.id}`} className="admin-card__title">
            {section.title}
          </h2>
          <p className="muted settings-section__lead">{section.lead}</p>
          {section.fields.map((field) => {
            const inputRef = (input: HTMLInputElement | null) => {
              inputs.current[field.key] = input;
            };
            if (field.kind === 'toggle')
              return (
                <Toggle
                  key={field.key}
                  field={field}
                  checked={draft[field.key]}
                  onChange={(on) => edit(field.key, on)}
                  inputRef={inputRef}
                />
              );
            if (field.kind === 'choice')
              return (
                <Choice
                  key={field.key}
                  field={field}
                  value={draft[field.key]}
                  onChange={(value) => edit(field.key, value as SettingsDraft[typeof field.key])}
                />
              );
            if (field.kind === 'channels')
              return (
                <Channels
                  key={field.key}
                  field={field}
                  checked={draft[field.key]}
                  onChange={(channels) => edit(field.key, channels)}
                  inputRef={inputRef}
                  invalid={invalid === field.key}
                />
              );
            return null;
          })}
          {section.fields.some(isNumber) && (
            <div className="admin-form__grid admin-form__grid--3">
              {section.fields.filter(isNumber).map((field) => {
                const props = {
                  label: field.label,
                  hint: field.hint,
                  value: draft[field.key],
                  onValueChange: (value: string) => edit(field.key, value),
                  inputRef: (input: HTMLInputElement | null) => {
                    inputs.current[field.key] = input;
                  },
                  invalid: invalid === field.key,
                };
                return field.kind === 'naira' ? (
                  <NairaField key={field.key} {...props} />
                ) : (
                  <CountField key={field.key} min={field.min} max={field.max} {...props} />
                );
              })}
            </div>
          )}
          {section.note && (
            <p className="settings-section__note">
              {section.note.text} <Link href={section.note.link.href}>{section.note.link.label}</Link>.
            </p>
          )}
        </section>
      ))}

      <PricesAbroadSection
        drafts={abroad}
        onChange={editCurrency}
        invalid={invalidRate}
        rateRef={(currency, input) => {
          rates.current[currency] = input;
        }}
      />

      <SaveBar notice={notice} saving={save.isPending} changed={changed} onlyWhenChanged />
    </form>
  );
}

const isNumber = (field: SettingField): field is NumberField => field.kind === 'count' || field.kind === 'naira';

/** A setting that is on or off: a checkbox with its sentence, and what it means beneath. */
function Toggle({
  field,
  checked,
  onChange,
  inputRef,
}: {
  field: ToggleField;
  checked: boolean;
  onChange: (on: boolean) => void;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  const hintId = useId();
  return (
    <div className="settings-toggle">
      <p className="field__label settings-toggle__label">{field.label}</p>
      <label className="settings-toggle__control">
        <input
          ref={inputRef}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
        />
        <span>{field.text}</span>
      </label>
      <p id={hintId} className="field__hint">
        {field.hint}
      </p>
    </div>
  );
}

/** A setting that is one of a few words: a labelled choice, what it means beneath. */
function Choice({ field, value, onChange }: { field: ChoiceField; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Field id={id} label={field.label} hint={field.hint} className="settings-choice">
      <select
        id={id}
        className="field__input"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The payment channels as checkboxes (a group named by its legend, which the visible label repeats
 * for the eye); the first takes the focus when none is left.
 */
function Channels({
  field,
  checked,
  onChange,
  inputRef,
  invalid,
}: {
  field: ChannelsField;
  checked: ReadonlyArray<PaymentChannel>;
  onChange: (channels: PaymentChannel[]) => void;
  inputRef: (input: HTMLInputElement | null) => void;
  invalid: boolean;
}) {
  return (
    <div
      className={`settings-channels${invalid ? ' is-invalid' : ''}`}
      ref={(box) => inputRef(box?.querySelector('input') ?? null)}
    >
      <p className="field__label" aria-hidden="true">
        {field.label}
      </p>
      <TickList
        legend={field.label}
        items={field.options}
        checked={checked}
        onToggle={(value, on) =>
          onChange(on ? [...checked, value as PaymentChannel] : checked.filter((c) => c !== value))
        }
        className="settings-channels__list"
      />
      <p className="field__hint">{field.hint}</p>
    </div>
  );
}
