import {
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Field, FieldAlert, TextField, fieldHintId } from '@/components/TextField';
import type { Image } from '@/lib/types';
import { Select } from '@/components/forms/Select';

/** Admin fields keep to the top of their grid cell when a neighbour is taller. */
export const ADMIN_FIELD = 'admin-field';

type Setter = (value: string) => void;
type ValueProps = { value: string; onValueChange: Setter };

/** The name of a collection, product or release: required, at most 120 characters. */
export function NameField({ value, onValueChange }: ValueProps) {
  return (
    <TextField
      className={ADMIN_FIELD}
      label="Name"
      value={value}
      onValueChange={onValueChange}
      required
      maxLength={120}
      autoComplete="off"
    />
  );
}

/** A price in naira as typed ("25000.00"); required. */
export function PriceField({ value, onValueChange }: ValueProps) {
  return (
    <TextField
      className={ADMIN_FIELD}
      label="Price (₦)"
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      value={value}
      onValueChange={onValueChange}
      required
    />
  );
}

type NamePriceDescriptionProps = {
  name: string;
  price: string;
  description: string;
  onName: Setter;
  onPrice: Setter;
  onDescription: Setter;
};

/** Name and price side by side, then the description: the start of a product or a release. */
export function NamePriceDescriptionFields(props: NamePriceDescriptionProps) {
  return (
    <>
      <div className="admin-form__grid">
        <NameField value={props.name} onValueChange={props.onName} />
        <PriceField value={props.price} onValueChange={props.onPrice} />
      </div>
      <TextAreaField label="Description" value={props.description} onValueChange={props.onDescription} required />
    </>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The first option, with the empty value. */
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Why the options could not be loaded, shown as an alert under the list. */
  error?: ReactNode;
};

export function SelectField({ label, error, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} className={ADMIN_FIELD}>
      <Select id={id} {...select} />
      <FieldAlert message={error} />
    </Field>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
};

export function TextAreaField({ label, value, onValueChange, hint, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} className={ADMIN_FIELD}>
      <textarea
        id={id}
        className="field__input admin-textarea"
        rows={4}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-describedby={hint ? fieldHintId(id) : undefined}
        {...rest}
      />
    </Field>
  );
}

type FileFieldProps = {
  label: string;
  files: ReadonlyArray<File>;
  onChange: (files: File[]) => void;
  multiple?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  /** Pictures already stored, shown as thumbnails until new ones are chosen. */
  current?: ReadonlyArray<Image>;
  currentLabel?: string;
  name?: string;
};

/**
 * A picture chooser (image types only) with thumbnails of what is chosen, or of what is stored.
 * Clearing `files` (after a successful save) also clears the native input.
 */
export function FileField({
  label,
  files,
  onChange,
  multiple,
  optional,
  hint,
  current,
  currentLabel,
  name,
}: FileFieldProps) {
  const id = useId();
  const empty = files.length === 0;
  const input = useRef<HTMLInputElement>(null);
  // A cleared choice (after a save) clears the native input too; setting '' is the one value allowed.
  useEffect(() => {
    if (empty && input.current) input.current.value = '';
  }, [empty]);
  return (
    <Field id={id} label={label} hint={hint} optional={optional} className={ADMIN_FIELD}>
      <input
        ref={input}
        id={id}
        name={name}
        className="admin-file"
        type="file"
        accept="image/*"
        multiple={multiple}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
        aria-describedby={hint ? fieldHintId(id) : undefined}
      />
      {!empty ? (
        <Thumbnails files={files} />
      ) : current && current.length > 0 ? (
        <figure className="admin-thumbs">
          <ul className="wrap-list">
            {current.map((image) => (
              <li key={image.url}>
                <img src={image.url} alt="" width={72} height={72} className="thumb admin-thumbs__img" loading="lazy" />
              </li>
            ))}
          </ul>
          <figcaption className="admin-thumbs__caption">
            {currentLabel ?? 'Current image (kept unless you choose a new one)'}
          </figcaption>
        </figure>
      ) : null}
    </Field>
  );
}

function Thumbnails({ files }: { files: ReadonlyArray<File> }) {
  // data: URLs rather than blob: ones: the shop's Content-Security-Policy allows `img-src 'self' data:`.
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    if (typeof FileReader === 'undefined') return;
    let live = true;
    const readers = files.map(
      (file) =>
        new Promise<string>((resolve) => {
          if (!file.type.startsWith('image/')) return resolve('');
          const reader = new FileReader();
          reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
          reader.onerror = () => resolve('');
          reader.readAsDataURL(file);
        }),
    );
    void Promise.all(readers).then((made) => {
      if (live) setUrls(made);
    });
    return () => {
      live = false;
    };
  }, [files]);
  return (
    <figure className="admin-thumbs">
      <ul className="wrap-list">
        {files.map((file, i) => (
          <li key={`${file.name}-${i}`}>
            {urls[i] ? (
              <img src={urls[i]} alt="" width={72} height={72} className="thumb admin-thumbs__img" />
            ) : (
              <span className="thumb admin-thumbs__img admin-thumbs__img--blank" aria-hidden="true" />
            )}
          </li>
        ))}
      </ul>
      <figcaption className="admin-thumbs__caption">
        {files.length === 1 ? files[0]!.name : `${files.length} pictures chosen`}
      </figcaption>
    </figure>
  );
}

type AmountFieldProps = ValueProps & {
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
};

/**
 * Naira as typed ("2500", "1,000.50"): a text field with the decimal keypad, so commas are kept
 * and the server reads the amount exactly.
 */
export function NairaField({
  label,
  value,
  onValueChange,
  optional,
  hint,
  placeholder,
  inputRef,
  invalid,
}: AmountFieldProps) {
  return (
    <TextField
      className={ADMIN_FIELD}
      label={label}
      value={value}
      onValueChange={onValueChange}
      inputMode="decimal"
      optional={optional}
      required={!optional}
      hint={hint}
      placeholder={placeholder}
      autoComplete="off"
      inputRef={inputRef}
      aria-invalid={invalid || undefined}
    />
  );
}

/** A required count from 1 (or `min`: "Most items per order"), typed on the number pad. */
export function CountField({
  label,
  value,
  onValueChange,
  hint,
  inputRef,
  invalid,
  min = 1,
  max,
}: ValueProps & {
  label: string;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  min?: number;
  max?: number;
}) {
  return (
    <TextField
      className={ADMIN_FIELD}
      label={label}
      value={value}
      onValueChange={onValueChange}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      required
      hint={hint}
      inputRef={inputRef}
      aria-invalid={invalid || undefined}
    />
  );
}

/** An optional count from 1 ("Total uses"); empty for no limit. */
export function LimitField({ label, value, onValueChange }: ValueProps & { label: string }) {
  return (
    <TextField
      className={ADMIN_FIELD}
      label={label}
      optional
      value={value}
      onValueChange={onValueChange}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      hint="Empty for no limit."
    />
  );
}

export type Tick = {
  value: string;
  label: string;
  /** A line under the label ("in South-West"); `warn` draws it as a warning ("Not delivered"). */
  note?: { text: string; warn?: boolean };
};

type TickListProps = {
  /** The group's name for screen readers (its visible heading is the caller's). */
  legend: string;
  items: ReadonlyArray<Tick>;
  checked: ReadonlyArray<string>;
  onToggle: (value: string, on: boolean) => void;
  className?: string;
};

/** A checkbox per item in a wrapping grid: the states of a zone, the collections of a code. */
export function TickList({ legend, items, checked, onToggle, className }: TickListProps) {
  return (
    <fieldset className={`admin-ticks${className ? ` ${className}` : ''}`}>
      <legend className="visually-hidden">{legend}</legend>
      <ul className="admin-ticks__list">
        {items.map(({ value, label, note }) => {
          const on = checked.includes(value);
          return (
            <li key={value}>
              <label className={`admin-tick${on ? ' is-on' : ''}`}>
                <input type="checkbox" checked={on} onChange={(e) => onToggle(value, e.target.checked)} />
                <span className="admin-tick__name">{label}</span>
                {note && (
                  <>
                    {' '}
                    <span className={`admin-tick__note${note.warn ? ' is-warn' : ''}`}>{note.text}</span>
                  </>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
