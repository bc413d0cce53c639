import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import {
  useKeys,
  useSaveAddresses,
  useSaveMessagingKeys,
  useSaveCourierKey,
  useSavePaystackKeys,
  useSendTestMail,
  type AddressesChange,
  type KeysView,
} from '../api/keys';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { waitForRestart } from '@/lib/restart';
import '../admin.css';
import './KeysPage.css';

export const KEYS_TITLE = 'Keys and addresses';
export const KEYS_SAVED = 'Saved. The shop restarted to use them.';
export const KEYS_SAVE_FAILED = 'Could not save. Please try again.';
export const WELCOME =
  'Your shop is open. Check your Paystack keys and addresses here; everything else is in the menu.';

type Setting = KeysView['publicUrl'];
const MODE_LABEL: Record<string, string> = {
  sandbox: 'Built-in TEST MODE (no Paystack keys yet)',
  test: 'Paystack test mode',
  live: 'Paystack live',
};

/** "Set on the server by X": such a value wins over this screen, which then only shows it. */
function ServerNote({ variable }: { variable: string }) {
  return (
    <p className="keys__server">
      Set on the server by <code>{variable}</code>, which wins over this screen: change it there.
    </p>
  );
}

/**
 * /admin/keys (owners only): Paystack's keys, checked with Paystack on saving; the webhook
 * address to paste into Paystack's dashboard; the public URL, the shop's e-mail, the mail server
 * (with a test mail). Secrets come back masked; the shop restarts itself
 * to use a change.
 */
export default function KeysPage() {
  const { data, isPending, isError, error } = useKeys();
  const welcome = new URLSearchParams(useSearch()).get('welcome') === '1';
  return (
    <PageShell title={KEYS_TITLE} eyebrow="Admin">
      <PageBar state="How the shop reaches Paystack, its customers and you." />
      {welcome && (
        <p className="keys__welcome" role="status">
          {WELCOME}
        </p>
      )}
      {isPending ? (
        <Spinner size="lg" label="Loading the keys…" />
      ) : isError ? (
        <Message title={`Error: ${error.message}`} tone="error" />
      ) : (
        <>
          <PaystackCard view={data} />
          <AddressesCard view={data} />
          <MessagingCard view={data} />
          <CourierCard view={data} />
          <p className="keys__version">Ankara version {data.version}</p>
        </>
      )}
    </PageShell>
  );
}

function PaystackCard({ view }: { view: KeysView }) {
  const save = useSavePaystackKeys();
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [copied, setCopied] = useState(false);
  const { paystack } = view;
  const fixed = paystack.source === 'server';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(
      { publicKey, secretKey },
      {
        onSuccess: () => {
          setSecretKey('');
          setPublicKey('');
          void waitForRestart().then(() => setNotice({ tone: 'success', text: KEYS_SAVED }));
        },
        onError: (failure) => setNotice({ tone: 'error', text: failureMessage(failure, KEYS_SAVE_FAILED) }),
      },
    );
  };

  const copy = async () => {
    await navigator.clipboard?.writeText(paystack.webhookUrl);
    setCopied(true);
  };

  return (
    <section className="keys__card" aria-labelledby="keys-paystack">
      <h2 id="keys-paystack">Paystack</h2>
      <dl className="keys__facts">
        <dt>Payments</dt>
        <dd>{MODE_LABEL[paystack.mode] ?? paystack.mode}</dd>
        <KeyFact term="Public key" value={paystack.publicKey} />
        <KeyFact term="Secret key" value={paystack.secretKey} />
      </dl>
      <div className="keys__webhook">
        <TextField
          label="Webhook URL"
          value={paystack.webhookUrl}
          readOnly
          hint="Paste it in Paystack's dashboard: Settings → API Keys & Webhooks → Webhook URL."
        />
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <span className="visually-hidden" role="status">
          {copied ? 'The webhook URL is copied.' : ''}
        </span>
      </div>
      {fixed ? (
        <ServerNote variable="ANKARA_PAYSTACK_SECRET_KEY and ANKARA_PAYSTACK_PUBLIC_KEY" />
      ) : (
        <form onSubmit={onSubmit} className="keys__form" aria-labelledby="keys-paystack">
          <TextField
            label="New public key"
            value={publicKey}
            onValueChange={setPublicKey}
            spellCheck={false}
            autoComplete="off"
            placeholder="pk_test_… or pk_live_…"
          />
          <TextField
            label="New secret key"
            type="password"
            value={secretKey}
            onValueChange={setSecretKey}
            spellCheck={false}
            autoComplete="off"
            placeholder="sk_test_… or sk_live_…"
            hint="Both from the same mode of Paystack's dashboard. Checked with Paystack before they are saved."
          />
          <FormNotice notice={notice} />
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !publicKey || !secretKey}>
            {save.isPending ? 'Checking with Paystack…' : 'Check and save the keys'}
          </button>
        </form>
      )}
    </section>
  );
}

type Draft = { publicUrl: string; shopEmail: string; smtpUrl: string };

function draftOf(view: KeysView): Draft {
  return {
    publicUrl: view.publicUrl.value ?? '',
    shopEmail: view.shopEmail.value ?? '',
    // The masked address stands for "unchanged"; the server knows it.
    smtpUrl: view.smtpUrl.value ?? '',
  };
}

function AddressesCard({ view }: { view: KeysView }) {
  const save = useSaveAddresses();
  const testMail = useSendTestMail();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [notice, setNotice] = useState<Notice>(null);
  const [mailNotice, setMailNotice] = useState<Notice>(null);
  const saved = draftOf(view);
  const edit = (key: keyof Draft) => (value: string) => {
    setDraft({ ...draft, [key]: value });
    setNotice(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change: AddressesChange = {};
    for (const key of ['publicUrl', 'shopEmail', 'smtpUrl'] as const) {
      if (draft[key] !== saved[key] && view[key].source !== 'server') change[key] = draft[key];
    }
    save.mutate(change, {
      onSuccess: (next) => {
        setDraft(draftOf(next));
        void waitForRestart().then(() => setNotice({ tone: 'success', text: KEYS_SAVED }));
      },
      onError: (failure) => setNotice({ tone: 'error', text: failureMessage(failure, KEYS_SAVE_FAILED) }),
    });
  };

  const sendTest = () => {
    setMailNotice(null);
    testMail.mutate(
      { smtpUrl: draft.smtpUrl === saved.smtpUrl ? null : draft.smtpUrl },
      {
        onSuccess: ({ to }) => setMailNotice({ tone: 'success', text: `A test mail was sent to ${to}.` }),
        onError: (failure) =>
          setMailNotice({ tone: 'error', text: failureMessage(failure, 'The test mail could not be sent.') }),
      },
    );
  };

  const field = (key: keyof Draft, shown: Setting, label: string, props: Partial<Parameters<typeof TextField>[0]>) => (
    <div className="keys__field">
      <TextField
        label={label}
        value={draft[key]}
        onValueChange={edit(key)}
        readOnly={shown.source === 'server'}
        spellCheck={false}
        {...props}
      />
      {shown.source === 'server' && <ServerNote variable={shown.variable} />}
    </div>
  );

  return (
    <section className="keys__card" aria-labelledby="keys-addresses">
      <h2 id="keys-addresses">Addresses</h2>
      <p className="keys__note">
        The phone, WhatsApp number and e-mail customers see are the shop's, in{' '}
        <Link href="/admin/brand">Shop identity</Link>.
      </p>
      <form onSubmit={onSubmit} className="keys__form" aria-labelledby="keys-addresses">
        {field('publicUrl', view.publicUrl, 'Public URL', {
          type: 'url',
          hint: 'The address customers use, e.g. https://shop.example.com: links in e-mails and the webhook URL.',
        })}
        {field('shopEmail', view.shopEmail, "Shop's e-mail", {
          type: 'email',
          hint: 'Mail to customers comes from it; order notices and messages go to it.',
        })}
        {field('smtpUrl', view.smtpUrl, 'Mail server (SMTP)', {
          optional: true,
          placeholder: 'smtps://user:password@smtp.example.com:465',
          hint: 'Without one, mail is kept in the outbox folder on the server.',
        })}
        <div className="keys__actions">
          <button type="button" className="btn btn--outline" onClick={sendTest} disabled={testMail.isPending}>
            {testMail.isPending ? 'Sending…' : 'Send me a test mail'}
          </button>
        </div>
        <FormNotice notice={mailNotice} />
        <FormNotice notice={notice} />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the addresses'}
        </button>
      </form>
    </section>
  );
}

/** A key's term and value, when the key is set. */
function KeyFact({ term, value }: { term: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </>
  );
}

type MessagingDraft = {
  termiiApiKey: string;
  termiiSenderId: string;
  whatsappToken: string;
  whatsappPhoneNumberId: string;
};

function messagingDraftOf(view: KeysView): MessagingDraft {
  return {
    // The masked keys stand for "unchanged"; the server knows them.
    termiiApiKey: view.sms.key ?? '',
    termiiSenderId: view.sms.sender ?? '',
    whatsappToken: view.whatsappCloud.key ?? '',
    whatsappPhoneNumberId: view.whatsappCloud.sender ?? '',
  };
}

/** SMS (Termii) and WhatsApp (the Cloud API) keys: without them, messages go to the sandbox's folders. */
function MessagingCard({ view }: { view: KeysView }) {
  const save = useSaveMessagingKeys();
  const [draft, setDraft] = useState<MessagingDraft>(() => messagingDraftOf(view));
  const [notice, setNotice] = useState<Notice>(null);
  const saved = messagingDraftOf(view);
  const edit = (key: keyof MessagingDraft) => (value: string) => {
    setDraft({ ...draft, [key]: value });
    setNotice(null);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change: Partial<MessagingDraft> = {};
    const fromServer = { termii: view.sms.source === 'server', whatsapp: view.whatsappCloud.source === 'server' };
    for (const key of ['termiiApiKey', 'termiiSenderId'] as const) {
      if (draft[key] !== saved[key] && !fromServer.termii) change[key] = draft[key];
    }
    for (const key of ['whatsappToken', 'whatsappPhoneNumberId'] as const) {
      if (draft[key] !== saved[key] && !fromServer.whatsapp) change[key] = draft[key];
    }
    save.mutate(change, {
      onSuccess: (next) => {
        setDraft(messagingDraftOf(next));
        void waitForRestart().then(() => setNotice({ tone: 'success', text: KEYS_SAVED }));
      },
      onError: (failure) => setNotice({ tone: 'error', text: failureMessage(failure, KEYS_SAVE_FAILED) }),
    });
  };
  const mode = (m: string, folder: string) =>
    m === 'live' ? 'Live: messages are sent.' : `Sandbox: messages are written to the ${folder} folder on the server.`;
  return (
    <section className="keys__card" aria-labelledby="keys-messaging">
      <h2 id="keys-messaging">SMS and WhatsApp</h2>
      <p className="keys__note">
        Which order events use them, and their words: <Link href="/admin/updates">Order updates</Link>.
      </p>
      <form onSubmit={onSubmit} className="keys__form" aria-labelledby="keys-messaging">
        <p className="keys__note">SMS (Termii): {mode(view.sms.mode, 'outbox-sms')}</p>
        {view.sms.source === 'server' && <ServerNote variable={view.sms.variable} />}
        <TextField
          label="Termii API key"
          value={draft.termiiApiKey}
          onValueChange={edit('termiiApiKey')}
          readOnly={view.sms.source === 'server'}
          spellCheck={false}
          optional
        />
        <TextField
          label="Termii sender ID"
          value={draft.termiiSenderId}
          onValueChange={edit('termiiSenderId')}
          readOnly={view.sms.source === 'server'}
          hint="As approved on Termii: up to 11 letters and digits."
        />
        <p className="keys__note">WhatsApp (Cloud API): {mode(view.whatsappCloud.mode, 'outbox-whatsapp')}</p>
        {view.whatsappCloud.source === 'server' && <ServerNote variable={view.whatsappCloud.variable} />}
        <TextField
          label="WhatsApp access token"
          value={draft.whatsappToken}
          onValueChange={edit('whatsappToken')}
          readOnly={view.whatsappCloud.source === 'server'}
          spellCheck={false}
          optional
        />
        <TextField
          label="WhatsApp phone number ID"
          value={draft.whatsappPhoneNumberId}
          onValueChange={edit('whatsappPhoneNumberId')}
          readOnly={view.whatsappCloud.source === 'server'}
          inputMode="numeric"
          optional
          hint="WhatsApp Manager → API Setup."
        />
        <FormNotice notice={notice} />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save SMS and WhatsApp keys'}
        </button>
      </form>
    </section>
  );
}

/** Couriers through Shipbubble: its key, and the webhook URL to give it. Without a key, the sandbox courier. */
function CourierCard({ view }: { view: KeysView }) {
  const save = useSaveCourierKey();
  const [key, setKey] = useState(view.courier.key ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const fromServer = view.courier.source === 'server';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { apiKey: key },
      {
        onSuccess: (next) => {
          setKey(next.courier.key ?? '');
          void waitForRestart().then(() => setNotice({ tone: 'success', text: KEYS_SAVED }));
        },
        onError: (failure) => setNotice({ tone: 'error', text: failureMessage(failure, KEYS_SAVE_FAILED) }),
      },
    );
  };
  return (
    <section className="keys__card" aria-labelledby="keys-courier">
      <h2 id="keys-courier">Couriers</h2>
      <p className="keys__note">
        {view.courier.mode === 'live'
          ? 'Live: bookings and live rates go to Shipbubble.'
          : 'Sandbox: a test courier quotes, books and moves parcels; nothing is sent.'}{' '}
        Which zones charge live rates: <Link href="/admin/delivery">Delivery</Link>.
      </p>
      <TextField
        label="Courier webhook URL"
        value={view.courierWebhookUrl}
        readOnly
        hint="Paste it in Shipbubble's dashboard: Settings → API Keys and Webhooks."
      />
      {fromServer && <ServerNote variable={view.courier.variable} />}
      <form onSubmit={onSubmit} className="keys__form" aria-labelledby="keys-courier">
        <TextField
          label="Shipbubble API key"
          value={key}
          onValueChange={(value) => {
            setKey(value);
            setNotice(null);
          }}
          readOnly={fromServer}
          spellCheck={false}
          optional
          hint="Empty for the test courier."
        />
        <FormNotice notice={notice} />
        <button type="submit" className="btn btn--primary" disabled={save.isPending || fromServer}>
          {save.isPending ? 'Saving…' : 'Save the courier key'}
        </button>
      </form>
    </section>
  );
}
