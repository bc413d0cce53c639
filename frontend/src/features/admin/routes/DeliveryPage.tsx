import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useDeliveryOptions, useSaveDeliveryOptions, type DeliveryOptions } from '../api/delivery';
import { type Notice, AdminCard } from '../components/AdminPanel';
import { SaveBar } from '../components/SaveBar';
import { ADMIN_FIELD, NairaField, TextAreaField, TickList } from '../components/Fields';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import {
  deliveryProblem,
  draftOf,
  emptyZone,
  inputOf,
  setStates,
  statesSummary,
  undelivered,
  zoneOfState,
  type AbroadZoneDraft,
  type DeliveryDraft,
  type PayOnDeliveryDraft,
  type ZoneDraft,
} from '../lib/delivery';
import { ABROAD_CURRENCIES, CURRENCY_UNITS, currencySymbol, type AbroadCurrency } from '../lib/moneyAbroad';
import { PageShell } from '@/components/PageShell';
import { Field, TextField } from '@/components/TextField';
import { Select } from '@/components/forms/Select';
import { failureMessage } from '@/lib/api';
import '../admin.css';
import './AdminOrders.css';
import './DeliveryPage.css';
import { SearchBox } from '@/components/forms/SearchBox';

export const DELIVERY_SAVED = 'Saved';
export const DELIVERY_SAVE_FAILED = 'Could not save the delivery options. Please try again.';
export const NOT_DELIVERED = 'Not delivered';
export const INTERNATIONAL = 'International delivery';

/**
 * /admin/delivery (admins only): the delivery zones (each with its fee, estimate, optional
 * free-delivery threshold and states), pickup in store and delivery abroad (by region, each with
 * its currency, fee and estimate), edited together and saved at once.
 */
export default function DeliveryPage() {
  const options = useDeliveryOptions();
  return (
    <PageShell title="Delivery" eyebrow="Admin">
      <PageBar state="Fees, estimates and pay on delivery by zone of states, pickup in store, and delivery abroad." />
      <Loaded query={options} loading="Loading delivery options…">
        {(data) => <DeliveryEditor options={data} />}
      </Loaded>
    </PageShell>
  );
}

function DeliveryEditor({ options }: { options: DeliveryOptions }) {
  const save = useSaveDeliveryOptions();
  const [saved, setSaved] = useState(options);
  const [draft, setDraft] = useState<DeliveryDraft>(() => draftOf(options));
  const [notice, setNotice] = useState<Notice>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const states = saved.states;
  const zonesHeadingId = useId();
  const pickupHeadingId = useId();

  const changed = useMemo(
    () => JSON.stringify(inputOf(draft, states)) !== JSON.stringify(inputOf(draftOf(saved), states)),
    [draft, saved, states],
  );
  const missing = undelivered(draft.zones, states);

  const edit = (next: DeliveryDraft) => {
    setDraft(next);
    if (notice) setNotice(null);
  };
  const editZone = (key: string, change: Partial<ZoneDraft>) =>
    edit({ ...draft, zones: draft.zones.map((z) => (z.key === key ? { ...z, ...change } : z)) });
  const editAbroad = (region: string, change: Partial<AbroadZoneDraft>) =>
    edit({ ...draft, abroad: draft.abroad.map((z) => (z.region === region ? { ...z, ...change } : z)) });

  const addZone = () => {
    const zone = emptyZone();
    edit({ ...draft, zones: [...draft.zones, zone] });
    setFocusKey(zone.key);
  };
  const removeZone = (key: string) => {
    edit({ ...draft, zones: draft.zones.filter((z) => z.key !== key) });
    addButton.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = deliveryProblem(draft);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    save.mutate(inputOf(draft, states), {
      onSuccess: (answer) => {
        setSaved(answer);
        setDraft(draftOf(answer));
        setNotice({ tone: 'success', text: DELIVERY_SAVED });
      },
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, DELIVERY_SAVE_FAILED) }),
    });
  };

  return (
    <form className="delivery" onSubmit={onSubmit} noValidate aria-label="Delivery options">
      <section aria-labelledby={zonesHeadingId}>
        <div className="delivery__head">
          <h2 id={zonesHeadingId} className="delivery__title">
            Zones
          </h2>
          <p className="muted delivery__lead">
            A state sits in one zone. Ticking a state that is in another zone moves it here.
          </p>
        </div>
        {draft.zones.length === 0 ? (
          <p className="alert alert--warning">No zones: nothing can be delivered. Add a zone, or offer pickup.</p>
        ) : (
          <ol className="delivery-zones">
            {draft.zones.map((zone) => (
              <ZoneCard
                key={zone.key}
                zone={zone}
                zones={draft.zones}
                states={states}
                focus={focusKey === zone.key}
                onChange={(change) => editZone(zone.key, change)}
                onSetStates={(list, on) => edit({ ...draft, zones: setStates(draft.zones, zone.key, list, on) })}
                onRemove={() => removeZone(zone.key)}
              />
            ))}
          </ol>
        )}
        <button ref={addButton} type="button" className="btn btn--outline delivery__add" onClick={addZone}>
          + Add zone
        </button>
      </section>

      <section className="delivery-missing" aria-label={NOT_DELIVERED}>
        {missing.length === 0 ? (
          <p className="delivery-missing__all">Every state is in a zone.</p>
        ) : (
          <>
            <p className="delivery-missing__title">
              <span className="admin-badge delivery-badge--none">{NOT_DELIVERED}</span>{' '}
              {missing.length === 1 ? '1 state' : `${missing.length} states`} in no zone: shoppers there cannot have an
              order delivered.
            </p>
            <p className="delivery-missing__list">{missing.join(', ')}</p>
          </>
        )}
      </section>

      <AdminCard headingId={pickupHeadingId} title="Pickup in store" className="delivery-pickup">
        <label className="delivery-pickup__toggle">
          <input
            type="checkbox"
            checked={draft.pickupEnabled}
            onChange={(e) => edit({ ...draft, pickupEnabled: e.target.checked })}
          />
          <span>Let shoppers pick up their order at the shop, free</span>
        </label>
        <TextAreaField
          label="Shop's address"
          value={draft.pickupAddress}
          onValueChange={(pickupAddress) => edit({ ...draft, pickupAddress })}
          hint="Shown to shoppers who choose pickup."
          rows={3}
          maxLength={300}
          required={draft.pickupEnabled}
        />
        <PayOnDeliveryFields
          pickup
          value={draft.pickupPayOnDelivery}
          onChange={(pickupPayOnDelivery) => edit({ ...draft, pickupPayOnDelivery })}
        />
      </AdminCard>

      <AbroadZones zones={draft.abroad} onChange={editAbroad} />

      <SaveBar notice={notice} saving={save.isPending} changed={changed} sticky />
    </form>
  );
}

type ZoneCardProps = {
  zone: ZoneDraft;
  zones: ReadonlyArray<ZoneDraft>;
  states: ReadonlyArray<string>;
  focus: boolean;
  onChange: (change: Partial<ZoneDraft>) => void;
  onSetStates: (states: ReadonlyArray<string>, on: boolean) => void;
  onRemove: () => void;
};

function ZoneCard({ zone, zones, states, focus, onChange, onSetStates, onRemove }: ZoneCardProps) {
  const headingId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [moved, setMoved] = useState<string | null>(null);
  const [open, setOpen] = useState(zone.states.length === 0);
  useEffect(() => {
    if (focus) nameRef.current?.focus();
  }, [focus]);

  const owners = zoneOfState(zones);
  const title = zone.name.trim() || 'New zone';
  const words = filter.trim().toLowerCase();
  const shown = words ? states.filter((s) => s.toLowerCase().includes(words)) : states;
  const missing = states.filter((s) => !owners.has(s));

  const toggle = (state: string, on: boolean) => {
    const from = owners.get(state);
    setMoved(
      on && from && from.key !== zone.key ? `${state} moved here from ${from.name.trim() || 'another zone'}.` : null,
    );
    onSetStates([state], on);
  };

  return (
    <li className="delivery-zone" aria-labelledby={headingId}>
      <div className="delivery-zone__head">
        <h3 id={headingId} className="delivery-zone__title">
          {title}
        </h3>
        <button
          type="button"
          className="btn btn--sm btn--outline delivery-zone__remove"
          onClick={onRemove}
          aria-label={`Remove the zone ${title}`}
        >
          Remove
        </button>
      </div>
      <div className="admin-form__grid delivery-zone__fields">
        <TextField
          className={ADMIN_FIELD}
          label="Zone name"
          value={zone.name}
          onValueChange={(name) => onChange({ name })}
          inputRef={nameRef}
          maxLength={60}
          autoComplete="off"
          required
        />
        <TextField
          className={ADMIN_FIELD}
          label="Delivery estimate"
          value={zone.estimate}
          onValueChange={(estimate) => onChange({ estimate })}
          placeholder="e.g. 2–3 working days"
          maxLength={60}
          autoComplete="off"
          required
        />
        <NairaField
          label={zone.liveRates ? 'Fee when the courier does not answer (₦)' : 'Fee (₦)'}
          value={zone.fee}
          onValueChange={(fee) => onChange({ fee })}
          placeholder="e.g. 2500"
        />
        <NairaField
          label="Free delivery from (₦)"
          optional
          value={zone.freeOver}
          onValueChange={(freeOver) => onChange({ freeOver })}
          hint="Orders of this subtotal or more are delivered free. Empty for never."
        />
      </div>
      <label className="delivery-pickup__toggle delivery-live">
        <input type="checkbox" checked={zone.liveRates} onChange={(e) => onChange({ liveRates: e.target.checked })} />
        <span>
          <strong>Live courier rates</strong>{' '}
          <span className="muted">
            charge what the courier quotes for the bag at checkout; the fee above when it does not answer in 3 seconds
          </span>
        </span>
      </label>
      <PayOnDeliveryFields value={zone.payOnDelivery} onChange={(payOnDelivery) => onChange({ payOnDelivery })} />

      <details className="delivery-states" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="delivery-states__summary">
          <span className="delivery-states__label">
            States <span className="delivery-states__count">({zone.states.length})</span>
          </span>
          <span className="delivery-states__names">{statesSummary(zone.states, states)}</span>
          <span className="delivery-states__action" aria-hidden="true">
            {open ? 'Close' : 'Choose'}
          </span>
        </summary>
        <div className="delivery-states__body">
          <div className="delivery-states__tools">
            <SearchBox
              label={`Find a state for ${title}`}
              labelClassName="visually-hidden"
              className="delivery-states__filter"
              placeholder="Find a state"
              value={filter}
              onValueChange={setFilter}
            />
            {missing.length > 0 && (
              <button
                type="button"
                className="btn btn--sm btn--outline"
                onClick={() => {
                  setMoved(null);
                  onSetStates(missing, true);
                }}
              >
                Add the {missing.length} not delivered
              </button>
            )}
          </div>
          <p className="delivery-states__moved" role="status">
            {moved}
          </p>
          {shown.length === 0 ? (
            <p className="muted">No state matches “{filter.trim()}”.</p>
          ) : (
            <TickList
              className="delivery-states__set"
              legend={`States of ${title}`}
              items={shown.map((state) => {
                const owner = owners.get(state);
                return {
                  value: state,
                  label: state,
                  note:
                    owner?.key === zone.key
                      ? undefined
                      : owner
                        ? { text: `in ${owner.name.trim() || 'another zone'}` }
                        : { text: NOT_DELIVERED, warn: true },
                };
              })}
              checked={zone.states}
              onToggle={toggle}
            />
          )}
        </div>
      </details>
    </li>
  );
}

/**
 * "Pay on delivery" for a zone ("Pay at pickup" for pickup): on or off, and the largest order total
 * it is offered for. Settings holds how many such orders one customer may have open.
 */
function PayOnDeliveryFields({
  value,
  onChange,
  pickup = false,
}: {
  value: PayOnDeliveryDraft;
  onChange: (value: PayOnDeliveryDraft) => void;
  pickup?: boolean;
}) {
  const words = pickup ? 'Pay at pickup' : 'Pay on delivery';
  return (
    <div className="delivery-pod">
      <label className="delivery-pickup__toggle">
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        <span>
          <strong>{words}</strong>{' '}
          <span className="muted">
            {pickup ? 'in cash, by transfer or POS when they collect' : 'in cash, by transfer or POS to the rider'}
          </span>
        </span>
      </label>
      {value.enabled && (
        <NairaField
          label={pickup ? 'Largest order to pay at pickup (₦)' : 'Largest order to pay on delivery (₦)'}
          value={value.maxTotal}
          onValueChange={(maxTotal) => onChange({ ...value, maxTotal })}
          hint="Larger orders are paid now."
        />
      )}
    </div>
  );
}

const CURRENCY_OPTIONS = ABROAD_CURRENCIES.map((currency) => ({
  value: currency,
  label: `${currency} (${currencySymbol(currency)})`,
}));

/**
 * International delivery: the regions abroad (United Kingdom, United States, Canada, the rest of
 * the world), each on or off, with the currency its fee is in, the fee and the delivery estimate.
 */
function AbroadZones({
  zones,
  onChange,
}: {
  zones: ReadonlyArray<AbroadZoneDraft>;
  onChange: (region: string, change: Partial<AbroadZoneDraft>) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="delivery__head">
        <h2 id={headingId} className="delivery__title">
          {INTERNATIONAL}
        </h2>
        <p className="muted delivery__lead">
          Where shoppers abroad may have an order delivered, and what it costs in the zone&rsquo;s currency. They pay in
          dollars or pounds once you turn those on in <Link href="/admin/settings">Settings → Prices abroad</Link>.
        </p>
      </div>
      <ol className="delivery-zones delivery-abroad">
        {zones.map((zone) => (
          <AbroadZoneCard key={zone.region} zone={zone} onChange={(change) => onChange(zone.region, change)} />
        ))}
      </ol>
    </section>
  );
}

function AbroadZoneCard({
  zone,
  onChange,
}: {
  zone: AbroadZoneDraft;
  onChange: (change: Partial<AbroadZoneDraft>) => void;
}) {
  const headingId = useId();
  const currencyId = useId();
  return (
    <li className={`delivery-zone${zone.enabled ? '' : ' is-off'}`} aria-labelledby={headingId}>
      <div className="delivery-zone__head">
        <h3 id={headingId} className="delivery-zone__title">
          {zone.name}
        </h3>
        {!zone.enabled && <span className="admin-badge delivery-badge--none">{NOT_DELIVERED}</span>}
      </div>
      <label className="delivery-pickup__toggle">
        <input type="checkbox" checked={zone.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
        <span>Deliver to {zone.region === 'WORLD' ? 'the rest of the world' : zone.name}</span>
      </label>
      <div className="admin-form__grid delivery-zone__fields">
        <Field id={currencyId} label="Currency" className={ADMIN_FIELD}>
          <Select
            id={currencyId}
            value={zone.currency}
            onValueChange={(currency: AbroadCurrency) => onChange({ currency })}
            options={CURRENCY_OPTIONS}
          />
        </Field>
        <NairaField
          label={`Fee (${currencySymbol(zone.currency)})`}
          value={zone.fee}
          onValueChange={(fee) => onChange({ fee })}
          placeholder="e.g. 25.00"
          hint={`What a shopper there pays for delivery, in ${CURRENCY_UNITS[zone.currency]}.`}
        />
        <TextField
          className={ADMIN_FIELD}
          label="Delivery estimate"
          value={zone.estimate}
          onValueChange={(estimate) => onChange({ estimate })}
          placeholder="e.g. 5–8 working days"
          maxLength={60}
          autoComplete="off"
          required={zone.enabled}
        />
      </div>
    </li>
  );
}
