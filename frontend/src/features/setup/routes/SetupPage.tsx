import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSetUp, useSetupState, type SetupForm, type SetupState } from '../api/setup';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { failureMessage, isNotFound } from '@/lib/api';
import { reloadInto, waitForRestart } from '@/lib/restart';
import './SetupPage.css';

export const SETUP_TITLE = 'Set up your shop';
export const SETUP_DONE_ALREADY = 'This shop is set up already';
export const SETUP_FAILED = 'Could not set up the shop. Please try again.';
export const OPENING = 'Opening your shop…';
/** Where the new owner lands: the keys and addresses screen, with a welcome. */
export const AFTER_SETUP = '/admin/keys?welcome=1';

/**
 * /setup: the first-run setup of a shop without an owner. The code comes from the shop's log (or
 * `ankara setup-code`); the answers make the owner, name the shop, choose the first catalogue and
 * the payments. Once an owner exists the server answers 404 and this shows so.
 */
export default function SetupPage() {
  const state = useSetupState();
  if (state.isPending) {
    return (
      <PageShell title={SETUP_TITLE}>
        <Spinner size="lg" label="Loading…" />
      </PageShell>
    );
  }
  if (state.isError) {
    return (
      <PageShell title={isNotFound(state.error) ? SETUP_DONE_ALREADY : SETUP_TITLE}>
        {isNotFound(state.error) ? (
          <Message title="There is nothing to set up here.">
            <p>
              The shop has its owner. <Link href="/login">Log in</Link> to its back office.
            </p>
          </Message>
        ) : (
          <Message title={`Error: ${state.error.message}`} tone="error" />
        )}
      </PageShell>
    );
  }
  return <SetupEditor state={state.data} />;
}

type Payments = 'sandbox' | 'keys';

function SetupEditor({ state }: { state: SetupState }) {
  const setUp = useSetUp();
  const [form, setForm] = useState({
    code: '',
    shopName: '',
    ownerName: '',
    email: '',
    password: '',
    publicKey: '',
    secretKey: '',
  });
  const [catalogue, setCatalogue] = useState<SetupForm['catalogue']>('empty');
  const [payments, setPayments] = useState<Payments>('sandbox');
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const edit = (key: keyof typeof form) => (value: string) => {
    setForm({ ...form, [key]: value });
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: SetupForm = {
      code: form.code,
      shopName: form.shopName,
      ownerName: form.ownerName,
      email: form.email,
      password: form.password,
      catalogue,
      paystack: payments === 'keys' ? { publicKey: form.publicKey, secretKey: form.secretKey } : null,
    };
    setUp.mutate(body, {
      onSuccess: () => {
        setOpening(true);
        void waitForRestart().then(() => reloadInto(AFTER_SETUP));
      },
      onError: (failure) => setError(failureMessage(failure, SETUP_FAILED)),
    });
  };

  if (opening) {
    return (
      <PageShell title={SETUP_TITLE}>
        <div className="setup__opening" role="status">
          <Spinner size="lg" label={OPENING} />
          <p>{OPENING}</p>
        </div>
      </PageShell>
    );
  }

  const busy = setUp.isPending;
  return (
    <PageShell title={SETUP_TITLE} eyebrow="Welcome">
      <p className="setup__lead">
        A few answers and your shop is open. The setup code is in the shop&apos;s log (<code>journalctl -u ankara</code>
        ); <code>ankara setup-code</code> on the server prints it again.
      </p>
      <form className="setup" onSubmit={onSubmit} noValidate aria-describedby={error ? 'setup-error' : undefined}>
        <section className="setup__card" aria-labelledby="setup-you">
          <h2 id="setup-you">You and your shop</h2>
          <TextField
            label="Setup code"
            value={form.code}
            onValueChange={edit('code')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            hint="Twelve letters and digits, such as ABCD-EFGH-JK23."
          />
          <TextField label="Shop name" value={form.shopName} onValueChange={edit('shopName')} maxLength={80} required />
          <TextField
            label="Your name"
            value={form.ownerName}
            onValueChange={edit('ownerName')}
            autoComplete="name"
            required
          />
          <TextField
            label="Your e-mail"
            type="email"
            value={form.email}
            onValueChange={edit('email')}
            autoComplete="email"
            required
            hint="You sign in with it; orders and messages are mailed to it."
          />
          <TextField
            label="Password"
            type="password"
            value={form.password}
            onValueChange={edit('password')}
            autoComplete="new-password"
            minLength={6}
            required
            hint="At least 6 characters."
          />
        </section>

        <section className="setup__card" aria-labelledby="setup-catalogue">
          <h2 id="setup-catalogue">What the shop starts with</h2>
          <fieldset className="setup__choices">
            <legend className="visually-hidden">Catalogue</legend>
            <Choice name="catalogue" checked={catalogue === 'empty'} onSelect={() => setCatalogue('empty')}>
              An empty shop <small>you add your own collections and products</small>
            </Choice>
            <Choice name="catalogue" checked={catalogue === 'demo'} onSelect={() => setCatalogue('demo')}>
              The demo catalogue <small>six collections of sample products to try and edit</small>
            </Choice>
          </fieldset>
        </section>

        <section className="setup__card" aria-labelledby="setup-payments">
          <h2 id="setup-payments">Payments</h2>
          {state.paystackSetOnServer ? (
            <p>Paystack&apos;s keys are set on the server (ANKARA_PAYSTACK_*): the shop takes payments with them.</p>
          ) : (
            <>
              <fieldset className="setup__choices">
                <legend className="visually-hidden">Payments</legend>
                <Choice name="payments" checked={payments === 'sandbox'} onSelect={() => setPayments('sandbox')}>
                  Test payments for now <small>the built-in TEST MODE; add Paystack&apos;s keys later</small>
                </Choice>
                <Choice name="payments" checked={payments === 'keys'} onSelect={() => setPayments('keys')}>
                  My Paystack keys <small>test keys (pk_test_, sk_test_) or live keys (pk_live_, sk_live_)</small>
                </Choice>
              </fieldset>
              {payments === 'keys' && (
                <>
                  <TextField
                    label="Public key"
                    value={form.publicKey}
                    onValueChange={edit('publicKey')}
                    spellCheck={false}
                    autoComplete="off"
                    hint="Paystack's dashboard: Settings → API Keys & Webhooks."
                  />
                  <TextField
                    label="Secret key"
                    type="password"
                    value={form.secretKey}
                    onValueChange={edit('secretKey')}
                    spellCheck={false}
                    autoComplete="off"
                    hint="Checked with Paystack at once; kept on this server only."
                  />
                </>
              )}
            </>
          )}
        </section>

        {error && (
          <p id="setup-error" className="setup__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Setting up…' : 'Open my shop'}
        </button>
      </form>

      <section className="setup__card setup__domain" aria-labelledby="setup-domain">
        <h2 id="setup-domain">Later: your own domain with HTTPS</h2>
        <p>
          The shop answers at <strong>{state.publicUrl}</strong> now. To serve it at your own address:
        </p>
        <ol>
          <li>
            At your domain&apos;s registrar, point the name (an <strong>A record</strong> for shop.example.com) at this
            server&apos;s IP address.
          </li>
          <li>
            On the server, with Caddy installed, run{' '}
            <code>sudo sh -c &apos;ankara caddyfile --domain shop.example.com &gt; /etc/caddy/Caddyfile&apos;</code> and{' '}
            <code>sudo systemctl reload caddy</code>; then set the public URL to https://shop.example.com under Keys and
            addresses in the back office.
          </li>
        </ol>
      </section>
    </PageShell>
  );
}

function Choice({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`setup__choice${checked ? ' is-checked' : ''}`}>
      <input type="radio" name={name} checked={checked} onChange={onSelect} />
      <span>{children}</span>
    </label>
  );
}
