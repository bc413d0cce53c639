import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePreviewMessage, useOrderUpdates, useSaveOrderUpdates } from '../api/orderUpdates';
import { type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { SaveBar } from '../components/SaveBar';
import { PageShell } from '@/components/PageShell';
import { Field, TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { EventSetting, MessagePreview, MessagesView } from '@/lib/types';
import '../admin.css';
import './OrderUpdatesPage.css';

export const SAVED = 'Saved. New order events use these channels and words.';
export const SAVE_FAILED = 'Could not save the messages. Please try again.';
export const PREVIEW_FAILED = 'Could not make the preview. Please try again.';
export const CAP_INVALID = 'The daily cap is a whole number of messages from 0 to 100,000.';

/** The channels an event may use, in the screen's order. */
const CHANNELS = [
  ['email', 'E-mail'],
  ['sms', 'SMS'],
  ['whatsapp', 'WhatsApp'],
] as const;

/** "live" or "sandbox", as the merchant reads it. */
function modeText(mode: string, folder: string): string {
  return mode === 'live' ? 'sent by the provider' : `sandbox: written to the ${folder} folder, nothing is sent`;
}

/**
 * /admin/updates (owners and managers): which channels each order event uses (e-mail, SMS,
 * WhatsApp), the words of its SMS and WhatsApp messages with their placeholders (checked by the
 * server on save, which names a wrong one), a preview, and the daily cap on paid messages.
 */
export default function OrderUpdatesPage() {
  const query = useOrderUpdates();
  // Kept here: a save answers the new settings, which start the form afresh (its key).
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <PageShell title="Order updates" eyebrow="Admin">
      <PageBar state="SMS and WhatsApp updates beside e-mail, event by event." refresh={query} />
      <Loaded query={query} loading="Loading order updates…">
        {(view) => <UpdatesForm key={JSON.stringify(view)} view={view} notice={notice} setNotice={setNotice} />}
      </Loaded>
    </PageShell>
  );
}

function UpdatesForm({
  view,
  notice,
  setNotice,
}: {
  view: MessagesView;
  notice: Notice;
  setNotice: (notice: Notice) => void;
}) {
  const save = useSaveOrderUpdates();
  const [events, setEvents] = useState<EventSetting[]>(view.events);
  const [cap, setCap] = useState(String(view.dailyCap));
  const changed = JSON.stringify(events) !== JSON.stringify(view.events) || cap !== String(view.dailyCap);

  const update = (index: number, change: Partial<EventSetting>) => {
    setEvents((all) => all.map((e, i) => (i === index ? { ...e, ...change } : e)));
    setNotice(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const dailyCap = Number(cap);
    if (!/^\d+$/.test(cap.trim()) || dailyCap > 100_000) {
      setNotice({ tone: 'error', text: CAP_INVALID });
      return;
    }
    setNotice(null);
    save.mutate(
      { events, dailyCap },
      {
        onSuccess: () => setNotice({ tone: 'success', text: SAVED }),
        onError: (err) => setNotice({ tone: 'error', text: failureMessage(err, SAVE_FAILED) }),
      },
    );
  };

  return (
    <form className="updates" onSubmit={onSubmit} noValidate>
      <section className="updates__card" aria-labelledby="updates-how">
        <h2 id="updates-how">How messages go</h2>
        <ul className="updates__facts">
          <li>SMS: {modeText(view.smsMode, 'outbox-sms')}.</li>
          <li>WhatsApp: {modeText(view.whatsappMode, 'outbox-whatsapp')}.</li>
          <li>
            A customer without an e-mail gets an SMS for every event that uses e-mail alone. Nothing goes to a customer
            who replied STOP.
          </li>
        </ul>
        <TextField
          label="Daily cap on paid messages (SMS and WhatsApp)"
          inputMode="numeric"
          value={cap}
          onValueChange={setCap}
          hint={`${view.sentToday} sent today. Messages beyond the cap wait until tomorrow (Lagos time); 0 holds them all.`}
        />
        <TextField
          label="Termii inbound webhook (STOP replies)"
          value={view.inboundUrl}
          readOnly
          hint="Paste it into Termii's dashboard as the inbound-message webhook. Keep it private."
        />
      </section>
      {events.map((event, index) => (
        <EventCard key={event.event} event={event} onChange={(change) => update(index, change)} />
      ))}
      <details className="updates__card">
        <summary>Placeholders</summary>
        <dl className="updates__placeholders">
          {view.placeholders.map((p) => (
            <div key={p.name}>
              <dt>{`{${p.name}}`}</dt>
              <dd>{p.meaning}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          Put a part that may be empty in square brackets, such as [Your code is {'{code}'}.]: it is left out when there
          is no code. In WhatsApp words add what to say instead after |.
        </p>
      </details>
      <SaveBar notice={notice} saving={save.isPending} changed={changed} sticky />
    </form>
  );
}

function EventCard({ event, onChange }: { event: EventSetting; onChange: (change: Partial<EventSetting>) => void }) {
  const headingId = useId();
  const smsId = useId();
  const waId = useId();
  const preview = usePreviewMessage();
  const [shown, setShown] = useState<MessagePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A preview of other words than these would mislead.
  useEffect(() => {
    setShown(null);
    setError(null);
  }, [event.smsText, event.whatsappText, event.whatsappTemplate]);

  const onPreview = () => {
    setError(null);
    preview.mutate(event, {
      onSuccess: setShown,
      onError: (err) => setError(failureMessage(err, PREVIEW_FAILED)),
    });
  };

  return (
    <section className="updates__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{EVENT_LABELS[event.event]}</h2>
      <fieldset className="updates__channels">
        <legend>Channels</legend>
        {CHANNELS.map(([key, label]) => (
          <label key={key} className="updates__channel">
            <input type="checkbox" checked={event[key]} onChange={(e) => onChange({ [key]: e.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <Field id={smsId} label="SMS words" hint="Every SMS ends with “Reply STOP to opt out.”">
        <textarea
          id={smsId}
          className="field__input updates__words"
          rows={3}
          value={event.smsText}
          onChange={(e) => onChange({ smsText: e.target.value })}
        />
      </Field>
      <Field id={waId} label="WhatsApp words" hint="The body of the template approved in WhatsApp Manager.">
        <textarea
          id={waId}
          className="field__input updates__words"
          rows={3}
          value={event.whatsappText}
          onChange={(e) => onChange({ whatsappText: e.target.value })}
        />
      </Field>
      <TextField
        label="WhatsApp template name"
        value={event.whatsappTemplate}
        onValueChange={(whatsappTemplate) => onChange({ whatsappTemplate })}
      />
      <button type="button" className="btn btn--outline btn--sm" onClick={onPreview} disabled={preview.isPending}>
        {preview.isPending ? 'Previewing…' : 'Preview'}
      </button>
      <div role="status" aria-live="polite">
        {shown && (
          <div className="updates__preview">
            <p>
              <strong>SMS</strong> ({shown.smsCharacters} characters, {shown.smsPages}{' '}
              {shown.smsPages === 1 ? 'page' : 'pages'}): {shown.sms}
            </p>
            <p>
              <strong>WhatsApp</strong>: {shown.whatsapp}
            </p>
            <p className="muted">Template body to approve: {shown.whatsappBody}</p>
          </div>
        )}
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** Each event as the merchant reads it. */
export const EVENT_LABELS: Record<EventSetting['event'], string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  pay_link_sent: 'Pay link sent',
  pay_link_reminder: 'Pay-link reminder',
  pay_on_delivery_ready: 'Pay on delivery: amount to have ready',
  courier_update: 'Courier update',
  return_update: 'Return update',
};
