import { useId, useState, type FormEvent } from 'react';

type DiscountCodeProps = {
  /** The code applied, as the server stores it; null for none. */
  applied: string | null;
  /** Tries a code: resolves to the server's reason when it is refused, null when applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  disabled?: boolean;
};

export const CODE_MISSING = 'Please enter a discount code.';

/**
 * "Discount code" with "Apply": a refused code shows the server's reason under the field (the
 * summary keeps its last figures); an applied one shows with "Remove".
 */
export function DiscountCode({ applied, onApply, onRemove, disabled = false }: DiscountCodeProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  if (applied) {
    return (
      <div className="discount discount--applied">
        <p className="discount__applied">
          <span className="discount__label">Discount code</span>
          <span className="discount__code">{applied}</span>
        </p>
        <button type="button" className="btn btn--outline btn--sm" disabled={disabled} onClick={onRemove}>
          Remove
        </button>
      </div>
    );
  }

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code) {
      setProblem(CODE_MISSING);
      return;
    }
    if (pending) return;
    setPending(true);
    try {
      const refused = await onApply(code);
      setProblem(refused);
      if (!refused) setTyped('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="discount" onSubmit={(e) => void apply(e)} noValidate aria-label="Discount code">
      <label htmlFor={id} className="field__label">
        Discount code
      </label>
      <div className="discount__row">
        <input
          id={id}
          name="code"
          className="field__input discount__input"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            // The refusal was of the code as it was: a new one has yet to be tried.
            setProblem(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          disabled={disabled}
        />
        <button type="submit" className="btn btn--dark btn--sm discount__apply" disabled={disabled || pending}>
          Apply
        </button>
      </div>
      {problem && (
        <p id={errorId} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
