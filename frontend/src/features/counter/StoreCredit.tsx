import { useState } from 'react';
import { TextField } from '@/components/TextField';
import { answer, api, failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';

/** POST /api/counter/credit/code: mails the customer a code (only when her e-mail holds credit). */
function sendCode(email: string): Promise<{ message: string }> {
  return answer(api.POST('/api/counter/credit/code', { body: { email } }));
}

/** POST /api/counter/credit/verify: a right code gives the e-mail's balance and a pass to spend it. */
function verifyCode(email: string, code: string): Promise<{ pass: string; balance: number; expiresAt: number }> {
  return answer(api.POST('/api/counter/credit/verify', { body: { email, code } }));
}

/** What a proved balance says about paying `due` with it. */
export function creditText(balance: number, due: number | null): string {
  if (balance <= 0) return 'This e-mail has no store credit left.';
  const left = `Store credit: ${formatNaira(balance)} to spend`;
  if (due !== null && due > balance) return `${left}: not enough for ${formatNaira(due)}. Split the payment.`;
  return `${left}.`;
}

type Props = {
  /** The customer's e-mail, whose credit pays. */
  email: string;
  /** The server's pass once her code was right ('' until then). */
  pass: string;
  /** " 2" for the second payment of a split, '' alone. */
  index: string;
  due: number | null;
  onChange: (change: { email?: string; pass?: string }) => void;
};

/**
 * A store credit payment. Credit belongs to an e-mail, so the customer proves it is hers: the
 * counter mails her a code and she reads it out (the server counts wrong tries). A changed
 * e-mail drops the pass.
 */
export function StoreCreditFields({ email, pass, index, due, onChange }: Props) {
  const [code, setCode] = useState('');
  const [note, setNote] = useState<{ text: string; problem: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (work: Promise<void>) => {
    setBusy(true);
    void work.finally(() => setBusy(false));
  };
  const send = () =>
    run(
      sendCode(email.trim()).then(
        (sent) => setNote({ text: sent.message, problem: false }),
        (error: unknown) =>
          setNote({ text: failureMessage(error, 'The code could not be sent. Please try again.'), problem: true }),
      ),
    );
  const check = () =>
    run(
      verifyCode(email.trim(), code.trim()).then(
        (proved) => {
          onChange({ pass: proved.pass });
          setCode('');
          setNote({
            text: creditText(proved.balance, due),
            problem: proved.balance <= 0 || (due !== null && due > proved.balance),
          });
        },
        (error: unknown) =>
          setNote({ text: failureMessage(error, 'The code could not be checked. Please try again.'), problem: true }),
      ),
    );
  return (
    <div className="counter-customer">
      <TextField
        label={`Customer’s e-mail${index}`}
        type="email"
        value={email}
        onValueChange={(typed) => {
          onChange({ email: typed, pass: '' });
          setNote(null);
        }}
        autoComplete="off"
      />
      <button
        type="button"
        className="btn btn--sm btn--outline counter-customer__look"
        disabled={busy || !email.trim()}
        onClick={send}
      >
        Send code
      </button>
      {!pass && (
        <>
          <TextField
            label={`Code from the e-mail${index}`}
            value={code}
            onValueChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <button
            type="button"
            className="btn btn--sm btn--outline counter-customer__look"
            disabled={busy || code.trim().length < 6}
            onClick={check}
          >
            Check code
          </button>
        </>
      )}
      <p
        className={`counter-note counter-note--small counter-customer__found${note?.problem ? ' is-off' : ''}`}
        role="status"
      >
        {note?.text ?? ''}
      </p>
    </div>
  );
}
