import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  fetchCardBalance,
  fetchCustomer,
  postQuote,
  postSale,
  type Catalogue,
  type CatalogueProduct,
  type CatalogueVariant,
  type CounterSale,
  type QuoteBody,
  type SaleBody,
  type Tender,
  type TenderMethod,
} from './api';
import { findCode, noSuchItem, search, variantName, type Found } from './catalogue';
import { PayLinkWait } from './PayLinkWait';
import { dismissRefused, enqueue } from './queue';
import { Receipt } from './Receipt';
import { StoreCreditFields } from './StoreCredit';
import { fromSale, type ReceiptData } from './receipt';
import { canScan, Scanner } from './Scanner';
import {
  changeOf,
  GIFT_CARD_CODE,
  leftToAssign,
  METHOD_LABELS,
  NOTHING_TO_SELL,
  parsePercent,
  tenderProblem,
  totalFromRefusal,
  totalsOf,
} from './totals';
import { endExchange, exchangeText, pendingExchange } from './exchange';
import { confirmSession, keepForOffline, rememberCounterUser } from './offline';
import { useCatalogue, useOfflineMode, useQueue, useSendWaiting } from './useCounter';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage, isApiError } from '@/lib/api';
import { koboToNairaText } from './ui';
import { formatNaira, nairaToKobo } from '@/lib/money';
import { useOnline } from '@/lib/useOnline';
import { loginPath } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import './counter.css';

/** A line of the sale being made, with what the catalogue said of it. */
export type CartLine = {
  variantId: string;
  name: string;
  size: string | null;
  color: string | null;
  sku: string | null;
  price: number;
  priceToken: string;
  stock: number;
  quantity: number;
};

/** A payment as the cashier fills it in (naira as typed). */
type TenderRow = {
  key: number;
  method: TenderMethod;
  amount: string;
  tendered: string;
  arrived: boolean;
  /** A gift card's code as typed. */
  code: string;
  /** Store credit: the customer's e-mail, and the pass her code gave ('' until then). */
  email: string;
  pass: string;
};

const CODES_OFFLINE = 'Discount codes need the internet.';
export const SELL_FAILED = 'The sale could not be recorded. Please try again.';
const BAD_PERCENT = 'The staff discount is a whole percent from 0 to 100.';

/** What the quote is asked for: the sale's lines at the catalogue's prices, and the code. */
function quoteOf(lines: ReadonlyArray<CartLine>, code: string, at: number): QuoteBody {
  return {
    code,
    lines: lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      price: l.price,
      priceAt: at,
      priceToken: l.priceToken,
    })),
  };
}

/** A saleId made on the device: 8–64 of [A-Za-z0-9_-]. */
export function newSaleId(): string {
  // randomUUID needs a secure context; a shop opened over plain http on the LAN has only getRandomValues.
  if (typeof crypto.randomUUID === 'function') return `c-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `c-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function waitingText(n: number): string {
  return `${n} ${n === 1 ? 'sale' : 'sales'} waiting to be sent`;
}

/**
 * /admin/counter (cashiers, managers, owners): selling in the shop from a phone or a tablet.
 * Finds a product by name or SKU (or the camera), builds the sale, takes the payments and shows
 * the receipt. Without a connection the sale is kept on the device and sent when it is back.
 */
export default function CounterPage() {
  const online = useOnline();
  const { catalogue, problem, sold, refresh } = useCatalogue(online);
  const queue = useQueue();
  const { user } = useSession();
  const mode = useOfflineMode();
  // A session the server gave (not the remembered one): remember who is at the till, so a reload
  // with no connection opens the counter again for them (lib/offlineCounter.ts).
  useEffect(() => {
    if (mode === null && user) rememberCounterUser(user);
  }, [mode, user]);
  // Opened offline: the server's session replaces the remembered one once there is a connection.
  const client = useQueryClient();
  useEffect(() => (mode === 'offline' ? confirmSession(client) : undefined), [client, mode]);
  // Once open online, the worker keeps the counter's code and pictures for an offline reload.
  const catalogueRef = useRef(catalogue);
  catalogueRef.current = catalogue;
  const keptAt = catalogue?.at;
  useEffect(() => {
    if (online && mode === null && keptAt !== undefined)
      // End of day's code too, so its link still opens (and says it needs the internet) offline.
      void import('./DayPage')
        .catch(() => undefined)
        .then(() => keepForOffline(catalogueRef.current))
        .catch(() => undefined);
  }, [online, mode, keptAt]);
  // A return just recorded as an exchange (End of day): its cash pays for the replacement.
  const [exchange, setExchange] = useState(() => pendingExchange());
  const closeExchange = useCallback(() => {
    endExchange();
    setExchange(null);
  }, []);
  const [done, setDone] = useState<ReceiptData | null>(null);
  const [awaiting, setAwaiting] = useState<CounterSale | null>(null);
  const [saleKey, setSaleKey] = useState(0);
  const onRound = useCallback(() => void refresh(), [refresh]);
  useSendWaiting(onRound);

  const newSale = () => {
    setDone(null);
    setAwaiting(null);
    setSaleKey((k) => k + 1);
  };
  const onPaid = useCallback((sale: CounterSale) => {
    setAwaiting(null);
    setDone(fromSale(sale));
  }, []);

  const waiting = queue.waiting.length;
  return (
    <PageShell title="Counter" eyebrow="Admin">
      <div className="counter">
        <p role="status" className={`counter-banner${!online || waiting ? ' is-on' : ''}`}>
          {!online ? `Offline — ${waitingText(waiting)}` : waiting ? `${waitingText(waiting)}: sending…` : ''}
        </p>
        {!online && mode !== 'sign-in' && (
          <p className="counter-note">
            Sales go on as usual: they are kept on this device and sent when the internet is back.
          </p>
        )}
        {mode === 'sign-in' && (
          <p className="alert alert--error counter-notice counter-signin">
            You are signed out on this device.{' '}
            {waiting > 0
              ? `The ${waiting === 1 ? 'sale' : `${waiting} sales`} waiting stay${waiting === 1 ? 's' : ''} on it until you sign in again. `
              : ''}
            <a href={loginPath('/admin/counter')}>Sign in again</a>
          </p>
        )}
        {queue.attention.length > 0 && (
          <section className="counter-attention" aria-labelledby="attention-heading">
            <h2 id="attention-heading" className="counter-subtitle">
              Needs attention
            </h2>
            <ul>
              {queue.attention.map((r) => (
                <li key={r.body.saleId}>
                  <span>
                    Sale of {new Date(r.body.madeAt).toLocaleTimeString('en-NG')} was refused: {r.reason}
                  </span>{' '}
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    onClick={() => dismissRefused(r.body.saleId)}
                  >
                    Dismiss
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {exchange && !done && !awaiting && (
          <section className="counter-exchange" aria-label="Exchange">
            <p>
              <strong>{exchangeText(exchange)}.</strong>{' '}
              {exchange.cash > 0
                ? 'The cash given back is the cash tendered for the replacement below.'
                : 'Sell the replacement below.'}
            </p>
            <button type="button" className="btn btn--sm btn--outline" onClick={closeExchange}>
              Not an exchange after all
            </button>
          </section>
        )}
        <nav className="counter-links" aria-label="Counter">
          <Link href="/admin/counter/day">End of day</Link>
        </nav>
        {done ? (
          <Receipt receipt={done} onNewSale={newSale} />
        ) : awaiting ? (
          <PayLinkWait sale={awaiting} onPaid={onPaid} onCancel={newSale} />
        ) : catalogue ? (
          <SaleForm
            key={`${saleKey}-${exchange?.number ?? ''}`}
            catalogue={catalogue}
            online={online}
            cashGiven={exchange && exchange.cash > 0 ? koboToNairaText(exchange.cash) : ''}
            onSold={(lines) => sold(lines)}
            onRecorded={(sale) => {
              closeExchange();
              if (sale.status === 'awaiting_payment') setAwaiting(sale);
              else setDone(fromSale(sale));
            }}
            onKept={(receipt) => {
              closeExchange();
              setDone(receipt);
            }}
            onPricesChanged={() => void refresh()}
          />
        ) : (
          <p className="counter-note" role={problem ? 'alert' : undefined}>
            {problem
              ? `The catalogue could not be loaded: ${problem}`
              : online
                ? 'Loading the catalogue…'
                : 'This device has no copy of the catalogue yet: connect it to the internet once.'}
          </p>
        )}
        {catalogue && (
          <p className="counter-note counter-note--small">
            Prices and stock as of {new Date(catalogue.at).toLocaleString('en-NG')}.
          </p>
        )}
      </div>
    </PageShell>
  );
}

type SaleFormProps = {
  catalogue: Catalogue;
  online: boolean;
  /** Naira as typed for the cash tendered at first (an exchange's cash given back). */
  cashGiven?: string;
  onSold: (lines: ReadonlyArray<{ variantId: string; quantity: number }>) => void;
  onRecorded: (sale: CounterSale) => void;
  onKept: (receipt: ReceiptData) => void;
  onPricesChanged: () => void;
};

function SaleForm({ catalogue, online, cashGiven = '', onSold, onRecorded, onKept, onPricesChanged }: SaleFormProps) {
  const { user } = useSession();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [percentText, setPercentText] = useState('');
  const [code, setCode] = useState('');
  const [codeTotal, setCodeTotal] = useState<number | null>(null);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [tenders, setTenders] = useState<TenderRow[]>([
    { key: 0, method: 'cash', amount: '', tendered: cashGiven, arrived: false, code: '', email: '', pass: '' },
  ]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const saleId = useRef(newSaleId());
  const madeAt = useRef<number | null>(null);
  const problemId = useId();

  const percent = parsePercent(percentText);
  const useCode = online && code.trim() !== '';
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  // With a code the server prices the sale (POST /api/counter/quote), asked again as the sale changes.
  const quoteAsk = useCode && lines.length > 0 ? JSON.stringify(quoteOf(lines, code.trim(), catalogue.at)) : null;
  useEffect(() => {
    if (quoteAsk === null) {
      setCodeProblem(null);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      postQuote(JSON.parse(quoteAsk) as QuoteBody, controller.signal).then(
        (quote) => {
          setCodeTotal(quote.total);
          setCodeProblem(null);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setCodeTotal(null);
          setCodeProblem(isApiError(error) && error.status > 0 ? error.message : null);
        },
      );
    }, 400);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [quoteAsk]);
  const totals = totalsOf(lines, Number.isNaN(percent) || useCode ? 0 : percent, useCode ? codeTotal : null);
  const split = tenders.length > 1;
  const asTenders: (Tender & { arrived: boolean })[] = tenders.map((row) => {
    const amount = split ? (nairaToKobo(row.amount) ?? Number.NaN) : totals.total;
    const tendered = row.method === 'cash' ? (nairaToKobo(row.tendered) ?? undefined) : undefined;
    return {
      method: row.method,
      amount,
      ...(tendered !== undefined ? { tendered } : {}),
      ...(row.method === 'gift_card' ? { code: row.code.trim() } : {}),
      ...(row.method === 'store_credit' ? { pass: row.pass } : {}),
      arrived: row.arrived,
    };
  });
  // What is left counts an empty amount as nothing yet; an amount that is not one leaves it unknown.
  const typedAmounts = tenders.map((row) => (split ? (row.amount.trim() ? nairaToKobo(row.amount) : 0) : totals.total));
  const left = typedAmounts.every((a) => a !== null)
    ? leftToAssign(
        typedAmounts.map((amount) => ({ amount: amount ?? 0 })),
        totals.total,
      )
    : null;
  const change = changeOf(asTenders.filter((t) => Number.isFinite(t.amount)));

  const add = (product: CatalogueProduct, variant: CatalogueVariant) => {
    setProblem(null);
    setCodeTotal(null);
    setLines((current) => {
      const found = current.find((l) => l.variantId === variant.variantId);
      if (found) return current.map((l) => (l === found ? { ...l, quantity: l.quantity + 1 } : l));
      return [
        ...current,
        {
          variantId: variant.variantId,
          name: product.name,
          size: variant.size,
          color: variant.color,
          sku: variant.sku,
          price: product.price,
          priceToken: variant.priceToken,
          stock: variant.stock,
          quantity: 1,
        },
      ];
    });
  };
  const setQuantity = (variantId: string, quantity: number) => {
    setCodeTotal(null);
    setLines((current) =>
      quantity <= 0
        ? current.filter((l) => l.variantId !== variantId)
        : current.map((l) => (l.variantId === variantId ? { ...l, quantity } : l)),
    );
  };
  const setRow = (key: number, change: Partial<TenderRow>) =>
    setTenders((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const addRow = () =>
    setTenders((rows) => {
      const next = rows.length === 1 ? [{ ...rows[0]!, amount: koboToNairaText(totals.total) }] : rows;
      return [
        ...next,
        {
          key: Date.now(),
          method: 'transfer',
          amount: '',
          tendered: '',
          arrived: false,
          code: '',
          email: '',
          pass: '',
        },
      ];
    });
  const removeRow = (key: number) => setTenders((rows) => rows.filter((r) => r.key !== key));

  const sell = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (lines.length === 0) return setProblem(NOTHING_TO_SELL);
    if (Number.isNaN(percent)) return setProblem(BAD_PERCENT);
    const stillOnline = online && navigator.onLine;
    if (!stillOnline && code.trim()) return setProblem(CODES_OFFLINE);
    const wrong = tenderProblem(asTenders, totals.total, stillOnline);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    madeAt.current ??= Date.now();
    const body: SaleBody = {
      saleId: saleId.current,
      madeAt: madeAt.current,
      offline: !stillOnline,
      lines: lines.map((l) => ({
        variantId: l.variantId,
        quantity: l.quantity,
        price: l.price,
        priceAt: catalogue.at,
        priceToken: l.priceToken,
      })),
      ...(useCode ? { code: code.trim() } : percent > 0 ? { staffDiscountPercent: percent } : {}),
      ...(phone.trim() ? { customer: { phone: phone.trim(), ...(name.trim() ? { name: name.trim() } : {}) } } : {}),
      tenders: asTenders.map(({ method, amount, tendered, code, pass }) => ({
        method,
        amount,
        ...(tendered !== undefined ? { tendered } : {}),
        ...(method === 'gift_card' ? { code } : {}),
        ...(method === 'store_credit' ? { pass } : {}),
      })),
    };
    const sold = lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));
    const keep = () => {
      enqueue(body);
      onSold(sold);
      onKept({
        id: null,
        number: null,
        saleId: body.saleId,
        status: 'waiting',
        ...totals,
        change,
        lines: lines.map(({ variantId, name, size, color, sku, price, quantity }) => ({
          variantId,
          name,
          size,
          color,
          sku,
          price,
          quantity,
          returned: 0,
        })),
        tenders: body.tenders.map((t) => ({
          method: t.method,
          amount: t.amount,
          tendered: t.tendered ?? null,
          last4: null,
        })),
        returnedCash: 0,
        cashier: user?.displayName ?? '',
        customerName: name.trim() || null,
        customerPhone: phone.trim() || null,
        madeAt: body.madeAt,
        offline: true,
      });
    };
    if (!stillOnline) return keep();
    setSending(true);
    try {
      const sale = await postSale(body);
      onSold(sold);
      onRecorded(sale);
    } catch (error) {
      if (isApiError(error) && error.status === 0) {
        // No answer: kept on the device and sent again with the same saleId, so it stays one sale.
        if (body.tenders.some((t) => ONLINE_ONLY.includes(t.method)) || body.code)
          setProblem(
            'No connection: a pay link, a gift card, store credit and a discount code need the internet. Choose cash or transfer.',
          );
        else keep();
      } else {
        const message = isApiError(error) && error.status < 500 ? error.message : SELL_FAILED;
        const named = totalFromRefusal(message);
        if (useCode && named !== null) {
          setCodeTotal(named);
          setProblem(`With the code the total is ${formatNaira(named)}: check the payments and record the sale again.`);
        } else setProblem(message);
        if (isApiError(error) && error.status === 409 && /price/i.test(message)) onPricesChanged();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="counter-grid">
      <Finder catalogue={catalogue} online={online} onAdd={add} />
      <form className="counter-sale" onSubmit={(e) => void sell(e)} noValidate aria-label="The sale">
        <h2 className="counter-subtitle">The sale</h2>
        {lines.length === 0 ? (
          <p className="counter-note">Nothing yet: find an item by its name or SKU.</p>
        ) : (
          <ul className="counter-lines" aria-label="Items in the sale">
            {lines.map((l) => (
              <li key={l.variantId} className="counter-line">
                <span className="counter-line__name">
                  {l.name}
                  <span className="counter-line__variant">
                    {variantName(l)}
                    {l.sku ? ` · ${l.sku}` : ''} · {formatNaira(l.price)}
                  </span>
                  {l.quantity > l.stock && (
                    <span className="counter-line__warn">Only {l.stock} in stock as last known.</span>
                  )}
                </span>
                <span className="counter-qty" role="group" aria-label={`Quantity of ${l.name} (${variantName(l)})`}>
                  <button
                    type="button"
                    className="counter-qty__button"
                    aria-label="One fewer"
                    onClick={() => setQuantity(l.variantId, l.quantity - 1)}
                  >
                    −
                  </button>
                  <span className="counter-qty__count" aria-live="polite">
                    {l.quantity}
                  </span>
                  <button
                    type="button"
                    className="counter-qty__button"
                    aria-label="One more"
                    onClick={() => setQuantity(l.variantId, l.quantity + 1)}
                  >
                    +
                  </button>
                </span>
                <span className="counter-line__amount">{formatNaira(l.price * l.quantity)}</span>
              </li>
            ))}
          </ul>
        )}

        <div className="counter-fields">
          <TextField
            label="Staff discount (%)"
            optional
            value={percentText}
            onValueChange={(v) => {
              setPercentText(v);
              setCodeTotal(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            disabled={useCode}
          />
          <TextField
            label="Discount code"
            optional
            value={code}
            onValueChange={(v) => {
              setCode(v.toUpperCase());
              setCodeTotal(null);
            }}
            autoComplete="off"
            disabled={!online}
            hint={online ? 'Instead of a staff discount.' : CODES_OFFLINE}
          />
          {codeProblem && (
            <p className="counter-error counter-fields__wide" role="status">
              {codeProblem}
            </p>
          )}
          <CustomerFields online={online} phone={phone} name={name} onPhone={setPhone} onName={setName} />
        </div>

        <dl className="counter-sums">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatNaira(totals.subtotal)}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd>
              {useCode && codeTotal === null
                ? 'the code’s, worked out when sent'
                : totals.discount > 0
                  ? `−${formatNaira(totals.discount)}`
                  : formatNaira(0)}
            </dd>
          </div>
          <div className="counter-sums__total">
            <dt>Total</dt>
            <dd data-testid="counter-total">{formatNaira(totals.total)}</dd>
          </div>
        </dl>

        <fieldset className="counter-pay">
          <legend className="counter-subtitle">Payment</legend>
          {tenders.map((row, i) => (
            <TenderFields
              key={row.key}
              row={row}
              index={i}
              split={split}
              online={online}
              due={split ? (nairaToKobo(row.amount) ?? null) : totals.total}
              onChange={(c) => setRow(row.key, c)}
              onRemove={split ? () => removeRow(row.key) : undefined}
            />
          ))}
          {split && (
            <p className={`counter-left${left !== 0 ? ' is-off' : ''}`} aria-live="polite">
              {left === null
                ? 'An amount is not in naira: type it like 25000.50.'
                : left === 0
                  ? 'The payments add up to the total.'
                  : left > 0
                    ? `Left to assign: ${formatNaira(left)}`
                    : `Over the total by ${formatNaira(-left)}`}
            </p>
          )}
          <button type="button" className="btn btn--sm btn--outline" onClick={addRow} disabled={tenders.length >= 4}>
            Split the payment
          </button>
        </fieldset>

        <div role="alert" className="counter-notice-region">
          {problem && (
            <p id={problemId} className="alert alert--error counter-notice">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block counter-sell" disabled={sending}>
          {sending ? 'Recording…' : `Record the sale · ${formatNaira(totals.total)}`}
        </button>
      </form>
    </div>
  );
}

/** "Returning customer: Ada Obi · 3 orders", or "New customer". */
export function customerText(found: { name: string | null; orders: number }): string {
  const orders = `${found.orders} ${found.orders === 1 ? 'order' : 'orders'}`;
  if (found.name) return `Returning customer: ${found.name} · ${orders}`;
  return found.orders > 0 ? `Returning customer · ${orders}` : 'New customer';
}

/** Enough digits to be worth asking the server about (it says what is wrong with the rest). */
function lookable(phone: string): boolean {
  return phone.replace(/\D/g, '').length >= 7;
}

/**
 * The customer's phone and name. Online, once a number is typed (leaving the field, or Look up),
 * the shop says whether it knows the customer, and fills the name when none is typed yet.
 */
function CustomerFields({
  online,
  phone,
  name,
  onPhone,
  onName,
}: {
  online: boolean;
  phone: string;
  name: string;
  onPhone: (phone: string) => void;
  onName: (name: string) => void;
}) {
  const [found, setFound] = useState<{ phone: string; text: string; problem: boolean } | null>(null);
  const [looking, setLooking] = useState(false);
  const nameRef = useRef(name);
  nameRef.current = name;
  const lookUp = (typed: string, quiet: boolean) => {
    const wanted = typed.trim();
    if (!online || looking || !wanted || found?.phone === wanted) return;
    if (!lookable(wanted)) {
      if (!quiet) setFound({ phone: wanted, text: 'Type the whole phone number, like 0803 123 4567.', problem: true });
      return;
    }
    setLooking(true);
    fetchCustomer(wanted).then(
      (customer) => {
        setLooking(false);
        setFound({ phone: wanted, text: customerText(customer), problem: false });
        if (customer.name && !nameRef.current.trim()) onName(customer.name);
      },
      (error: unknown) => {
        setLooking(false);
        // No answer: nothing to say (the sale goes on without it).
        if (isApiError(error) && error.status > 0) setFound({ phone: wanted, text: error.message, problem: true });
      },
    );
  };
  const shown = found && found.phone === phone.trim() ? found : null;
  return (
    <>
      <div className="counter-customer">
        <TextField
          label="Customer's phone"
          optional
          type="tel"
          value={phone}
          onValueChange={onPhone}
          onBlur={() => lookUp(phone, true)}
          autoComplete="off"
        />
        <button
          type="button"
          className="btn btn--sm btn--outline counter-customer__look"
          disabled={!online || looking || !phone.trim()}
          onClick={() => lookUp(phone, false)}
        >
          {looking ? 'Looking up…' : 'Look up'}
        </button>
        <p
          className={`counter-note counter-note--small counter-customer__found${shown?.problem ? ' is-off' : ''}`}
          role="status"
        >
          {shown ? shown.text : !online && phone.trim() ? 'Looking up a customer needs the internet.' : ''}
        </p>
      </div>
      <TextField label="Customer's name" optional value={name} onValueChange={onName} autoComplete="off" />
    </>
  );
}

/** Payments that need the internet: never offered offline, and a sale with one is never queued. */
const ONLINE_ONLY: ReadonlyArray<TenderMethod> = ['pay_link', 'gift_card', 'store_credit'];

type TenderFieldsProps = {
  row: TenderRow;
  index: number;
  split: boolean;
  online: boolean;
  due: number | null;
  onChange: (change: Partial<TenderRow>) => void;
  onRemove?: () => void;
};

function TenderFields({ row, index, split, online, due, onChange, onRemove }: TenderFieldsProps) {
  const n = split ? ` ${index + 1}` : '';
  const tendered = nairaToKobo(row.tendered);
  const change = due !== null && tendered !== null ? tendered - due : null;
  return (
    <div className="counter-tender">
      <div className="counter-methods" role="radiogroup" aria-label={`Payment${n}: method`}>
        {(Object.keys(METHOD_LABELS) as TenderMethod[]).map((method) => (
          <label key={method} className={`counter-method${row.method === method ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`method-${row.key}`}
              value={method}
              checked={row.method === method}
              disabled={ONLINE_ONLY.includes(method) && !online}
              onChange={() => onChange({ method })}
            />
            {METHOD_LABELS[method]}
          </label>
        ))}
      </div>
      {methodHint(row.method, online)}
      {split && (
        <TextField
          label={`Amount of payment${n} (₦)`}
          value={row.amount}
          onValueChange={(amount) => onChange({ amount })}
          inputMode="decimal"
          autoComplete="off"
        />
      )}
      {row.method === 'cash' && (
        <>
          <TextField
            label={`Cash tendered${n} (₦)`}
            value={row.tendered}
            onValueChange={(t) => onChange({ tendered: t })}
            inputMode="decimal"
            autoComplete="off"
          />
          <p className={`counter-change${change !== null && change < 0 ? ' is-off' : ''}`} aria-live="polite">
            {change === null
              ? 'Change: type the cash given.'
              : change < 0
                ? `Short by ${formatNaira(-change)}`
                : `Change: ${formatNaira(change)}`}
          </p>
        </>
      )}
      {row.method === 'gift_card' && <GiftCardFields row={row} index={n} due={due} onChange={onChange} />}
      {row.method === 'store_credit' && (
        <StoreCreditFields email={row.email} pass={row.pass} index={n} due={due} onChange={onChange} />
      )}
      {row.method === 'transfer' && (
        <label className="counter-check">
          <input type="checkbox" checked={row.arrived} onChange={(e) => onChange({ arrived: e.target.checked })} />
          The transfer has arrived
        </label>
      )}
      {onRemove && (
        <button type="button" className="btn btn--sm btn--outline" onClick={onRemove}>
          Remove payment{n}
        </button>
      )}
    </div>
  );
}

function methodHint(method: TenderMethod, online: boolean) {
  if (method === 'pay_link')
    return (
      <p className="counter-note counter-note--small">
        A QR code for the customer’s phone: card or transfer through Paystack.
      </p>
    );
  if (method === 'gift_card')
    return (
      <p className="counter-note counter-note--small">
        The card’s balance pays: split the payment when it does not cover the total.
      </p>
    );
  if (!online)
    return (
      <p className="counter-note counter-note--small">A pay link, a gift card and store credit need the internet.</p>
    );
  return null;
}

/** What a gift card's balance says about paying `due` with it. */
export function balanceText(card: { balance: number; disabled: boolean; last4: string }, due: number | null): string {
  const name = `Gift card ••••${card.last4}`;
  if (card.disabled) return `${name} is disabled: it cannot pay.`;
  if (card.balance <= 0) return `${name} is used up: nothing is left on it.`;
  const left = `${name} has ${formatNaira(card.balance)} left`;
  if (due !== null && due > card.balance) return `${left}: not enough for ${formatNaira(due)}. Split the payment.`;
  return `${left}.`;
}

/** A gift card payment: its code, and its balance when asked (online only, like the payment). */
function GiftCardFields({
  row,
  index,
  due,
  onChange,
}: {
  row: TenderRow;
  index: string;
  due: number | null;
  onChange: (change: Partial<TenderRow>) => void;
}) {
  const [balance, setBalance] = useState<{ code: string; text: string; problem: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const check = () => {
    const code = row.code.trim();
    if (!code) return setBalance({ code, text: GIFT_CARD_CODE, problem: true });
    setAsking(true);
    fetchCardBalance(code).then(
      (card) => {
        setAsking(false);
        const short = card.disabled || card.balance <= 0 || (due !== null && due > card.balance);
        setBalance({ code, text: balanceText(card, due), problem: short });
      },
      (error: unknown) => {
        setAsking(false);
        setBalance({
          code,
          text: failureMessage(error, 'The balance could not be checked. Please try again.'),
          problem: true,
        });
      },
    );
  };
  const shown = balance && balance.code === row.code.trim() ? balance : null;
  return (
    <div className="counter-customer">
      <TextField
        label={`Gift card code${index}`}
        value={row.code}
        onValueChange={(code) => onChange({ code: code.toUpperCase() })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button
        type="button"
        className="btn btn--sm btn--outline counter-customer__look"
        disabled={asking || !row.code.trim()}
        onClick={check}
      >
        {asking ? 'Checking…' : 'Check balance'}
      </button>
      <p
        className={`counter-note counter-note--small counter-customer__found${shown?.problem ? ' is-off' : ''}`}
        role="status"
      >
        {shown?.text ?? ''}
      </p>
    </div>
  );
}

function Finder({
  catalogue,
  online,
  onAdd,
}: {
  catalogue: Catalogue;
  online: boolean;
  onAdd: (product: CatalogueProduct, variant: CatalogueVariant) => void;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const results: Found[] = search(catalogue, text);

  const take = useCallback(
    (typed: string) => {
      const found = findCode(catalogue, typed);
      if (found?.variant) {
        onAdd(found.product, found.variant);
        setText('');
        setMissing(null);
        return true;
      }
      return false;
    },
    [catalogue, onAdd],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!text.trim()) return;
    if (take(text)) return;
    const first = results[0];
    if (results.length === 1 && first) setOpen(first.product.productId);
    else if (results.length === 0) setMissing(noSuchItem(text));
  };

  const onCode = useCallback(
    (code: string) => {
      setScanning(false);
      if (!take(code)) {
        setText(code);
        setMissing(noSuchItem(code));
      }
    },
    [take],
  );

  return (
    <section className="counter-finder" aria-labelledby="finder-heading">
      <h2 id="finder-heading" className="counter-subtitle">
        Find an item
      </h2>
      <div className="counter-finder__row">
        <TextField
          label="Name or SKU"
          value={text}
          onValueChange={(v) => {
            setText(v);
            setMissing(null);
          }}
          onKeyDown={onKeyDown}
          inputRef={input}
          autoComplete="off"
          enterKeyHint="search"
          hint="Enter adds the item whose SKU it is."
        />
        {canScan() && (
          <button type="button" className="btn btn--dark counter-scan" onClick={() => setScanning(true)}>
            Scan
          </button>
        )}
      </div>
      {scanning && <Scanner onCode={onCode} onClose={() => setScanning(false)} />}
      <div role="alert" className="counter-notice-region">
        {missing && <p className="alert alert--error counter-notice">{missing}</p>}
      </div>
      {results.length > 0 && (
        <ul className="counter-results" aria-label="Found">
          {results.map(({ product, variant }) => (
            <li key={product.productId} className="counter-result">
              {variant ? (
                <VariantButton
                  lowStock={catalogue.lowStock}
                  product={product}
                  variant={variant}
                  online={online}
                  onAdd={onAdd}
                  full
                />
              ) : (
                <>
                  <button
                    type="button"
                    className="counter-result__product"
                    aria-expanded={open === product.productId}
                    onClick={() => setOpen((o) => (o === product.productId ? null : product.productId))}
                  >
                    {product.image && (
                      <img src={product.image.url} alt="" width={48} height={48} className="counter-result__img" />
                    )}
                    <span>
                      {product.name}
                      <span className="counter-line__variant">{formatNaira(product.price)}</span>
                    </span>
                  </button>
                  {(open === product.productId || results.length === 1) && (
                    <div className="counter-variants" role="group" aria-label={`Size and colour of ${product.name}`}>
                      {product.variants.map((v) => (
                        <VariantButton
                          lowStock={catalogue.lowStock}
                          key={v.variantId}
                          product={product}
                          variant={v}
                          online={online}
                          onAdd={onAdd}
                        />
                      ))}
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VariantButton({
  product,
  variant,
  online,
  onAdd,
  full,
  lowStock,
}: {
  product: CatalogueProduct;
  variant: CatalogueVariant;
  online: boolean;
  onAdd: (product: CatalogueProduct, variant: CatalogueVariant) => void;
  full?: boolean;
  /** "Only N left" from this many (the shop's low-stock level). */
  lowStock: number;
}) {
  // Online the server refuses what is not in stock; offline the sale is kept and the shop told.
  const out = variant.stock <= 0;
  const low = !out && variant.stock <= lowStock;
  const stockText = out ? 'Sold out' : low ? `Only ${variant.stock} left` : `${variant.stock} left`;
  return (
    <button
      type="button"
      className={`counter-variant${out ? ' is-out' : ''}`}
      disabled={out && online}
      onClick={() => onAdd(product, variant)}
    >
      {/* The name is the button's own words (a screen reader hears what is seen), with what it does. */}
      <span className="visually-hidden">{full ? 'Add' : `Add ${product.name},`} </span>
      {full && <span className="counter-variant__name">{product.name}</span>} <span>{variantName(variant)}</span>{' '}
      <span className={`counter-variant__stock${low ? ' is-low' : ''}`}>{stockText}</span>
    </button>
  );
}
