import { isApiError } from '@/lib/api';
import type { CounterSale, SaleBody } from './api';

// Sales made without a connection wait on the device (localStorage) until they can be sent: one
// at a time, in the order made. A 200/201 takes one off; a refusal (4xx) moves it to "needs
// attention" with the server's sentence; no answer at all (or a server error) stops the round,
// to try again later with the same saleId, so a sale whose answer was lost is still one sale.

export type WaitingSale = { body: SaleBody; queuedAt: number };
export type RefusedSale = WaitingSale & { reason: string; status: number };
export type QueueState = { waiting: WaitingSale[]; attention: RefusedSale[] };

export const QUEUE_KEY = 'ankara.counter.queue';
const EMPTY: QueueState = { waiting: [], attention: [] };

function read(): QueueState {
  try {
    const raw = localStorage.getItem(QUEUE_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<QueueState>;
    return { waiting: parsed.waiting ?? [], attention: parsed.attention ?? [] };
  } catch {
    return EMPTY;
  }
}

let state: QueueState = read();
const listeners = new Set<() => void>();

function write(next: QueueState): void {
  state = next;
  localStorage.setItem(QUEUE_KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

export function queueState(): QueueState {
  return state;
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the queue again from storage (another tab, a test). */
export function reloadQueue(): void {
  state = read();
  listeners.forEach((listener) => listener());
}

/** Keeps a sale to send later, after those already waiting. Sent as made offline. */
export function enqueue(body: SaleBody, now = Date.now()): void {
  if (state.waiting.some((w) => w.body.saleId === body.saleId)) return;
  write({ ...state, waiting: [...state.waiting, { body: { ...body, offline: true }, queuedAt: now }] });
}

/** Forgets a refused sale once someone has dealt with it. */
export function dismissRefused(saleId: string): void {
  write({ ...state, attention: state.attention.filter((r) => r.body.saleId !== saleId) });
}

export type Sender = (body: SaleBody) => Promise<CounterSale>;
/** `status`: the answer that stopped the round (0 for none at all), null when it ran to the end. */
export type DrainResult = { sent: CounterSale[]; refused: RefusedSale[]; stopped: boolean; status: number | null };

/**
 * A 4xx that is about the sale itself. Not a lost session, a role taken away or "slow down": those
 * sales are fine and wait for the next round.
 */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

let running: Promise<DrainResult> | null = null;

/**
 * Sends the waiting sales, oldest first, one at a time. A call while a round is running gets that
 * round's promise: never two sales in flight at once.
 */
export function drainQueue(send: Sender): Promise<DrainResult> {
  running ??= round(send).finally(() => {
    running = null;
  });
  return running;
}

async function round(send: Sender): Promise<DrainResult> {
  const result: DrainResult = { sent: [], refused: [], stopped: false, status: null };
  for (;;) {
    const next = state.waiting[0];
    if (!next) return result;
    try {
      const sale = await send(next.body);
      result.sent.push(sale);
      write({ ...state, waiting: state.waiting.filter((w) => w.body.saleId !== next.body.saleId) });
    } catch (error) {
      if (isApiError(error) && isRefusal(error.status)) {
        const refused: RefusedSale = { ...next, reason: error.message, status: error.status };
        result.refused.push(refused);
        write({
          waiting: state.waiting.filter((w) => w.body.saleId !== next.body.saleId),
          attention: [...state.attention, refused],
        });
        continue;
      }
      // No answer (offline) or the server failing: the same sale, first in line, next time.
      result.stopped = true;
      result.status = isApiError(error) ? error.status : 0;
      return result;
    }
  }
}
