import { beforeEach, describe, expect, it } from 'vitest';
import type { CounterSale, SaleBody } from './api';
import { drainQueue, enqueue, QUEUE_KEY, queueState, reloadQueue, type QueueState } from './queue';
import { ApiError } from '@/lib/api';

function sale(id: string, madeAt: number): SaleBody {
  return {
    saleId: id,
    madeAt,
    offline: false,
    lines: [{ variantId: 'v1', quantity: 1, price: 1000, priceAt: 1, priceToken: 't' }],
    tenders: [{ method: 'cash', amount: 1000, tendered: 1000 }],
  };
}

const recorded = (body: SaleBody) => ({ saleId: body.saleId, id: `o-${body.saleId}` }) as unknown as CounterSale;

/** A sender that answers when told to, recording what it was sent and how many at once. */
function controlledSender() {
  const sent: SaleBody[] = [];
  let inFlight = 0;
  let most = 0;
  const pending: { resolve: (s: CounterSale) => void; reject: (e: Error) => void; body: SaleBody }[] = [];
  const send = (body: SaleBody) =>
    new Promise<CounterSale>((resolve, reject) => {
      sent.push(body);
      inFlight += 1;
      most = Math.max(most, inFlight);
      pending.push({
        body,
        resolve: (s) => {
          inFlight -= 1;
          resolve(s);
        },
        reject: (e) => {
          inFlight -= 1;
          reject(e);
        },
      });
    });
  return { send, sent, pending, most: () => most };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the offline queue', () => {
  beforeEach(() => {
    localStorage.removeItem(QUEUE_KEY);
    reloadQueue();
  });

  it('keeps sales on the device in the order made, marked offline, once each', () => {
    enqueue(sale('c-aaaaaaaa', 1));
    enqueue(sale('c-bbbbbbbb', 2));
    enqueue(sale('c-aaaaaaaa', 1));
    expect(queueState().waiting.map((w) => [w.body.saleId, w.body.offline])).toEqual([
      ['c-aaaaaaaa', true],
      ['c-bbbbbbbb', true],
    ]);
    reloadQueue();
    expect(queueState().waiting).toHaveLength(2);
  });

  it('sends them one at a time, oldest first, and a 200 or 201 takes each off', async () => {
    ['c-1aaaaaaa', 'c-2aaaaaaa', 'c-3aaaaaaa'].forEach((id, i) => enqueue(sale(id, i)));
    const sender = controlledSender();
    const round = drainQueue(sender.send);
    // A second call while the round runs joins it: still one sale in flight.
    const again = drainQueue(sender.send);
    expect(again).toBe(round);
    for (let i = 0; i < 3; i += 1) {
      await tick();
      expect(sender.pending).toHaveLength(i + 1);
      sender.pending[i]!.resolve(recorded(sender.pending[i]!.body));
    }
    const result = await round;
    expect(sender.sent.map((b) => b.saleId)).toEqual(['c-1aaaaaaa', 'c-2aaaaaaa', 'c-3aaaaaaa']);
    expect(sender.most()).toBe(1);
    expect(result.sent).toHaveLength(3);
    expect(queueState().waiting).toEqual([]);
    expect((JSON.parse(localStorage.getItem(QUEUE_KEY)!) as QueueState).waiting).toEqual([]);
  });

  it('keeps a refused sale (4xx) with the server’s sentence and goes on with the next', async () => {
    enqueue(sale('c-1aaaaaaa', 1));
    enqueue(sale('c-2aaaaaaa', 2));
    const result = await drainQueue(async (body) => {
      if (body.saleId === 'c-1aaaaaaa')
        throw new ApiError(409, 'conflict', 'This sale was already recorded with different contents.');
      return recorded(body);
    });
    expect(result.sent.map((s) => s.saleId)).toEqual(['c-2aaaaaaa']);
    expect(queueState().waiting).toEqual([]);
    expect(queueState().attention.map((r) => [r.body.saleId, r.reason, r.status])).toEqual([
      ['c-1aaaaaaa', 'This sale was already recorded with different contents.', 409],
    ]);
  });

  it('stops at no answer (or a server failure, or a lost session) and keeps the sale first in line', async () => {
    enqueue(sale('c-1aaaaaaa', 1));
    enqueue(sale('c-2aaaaaaa', 2));
    for (const error of [
      new ApiError(0, 'network_error', 'Network error.'),
      new ApiError(503, 'busy', 'Busy.'),
      new ApiError(401, 'unauthenticated', 'Please log in.'),
    ]) {
      const sent: string[] = [];
      const result = await drainQueue(async (body) => {
        sent.push(body.saleId);
        throw error;
      });
      expect(result.stopped).toBe(true);
      expect(sent).toEqual(['c-1aaaaaaa']);
      expect(queueState().waiting.map((w) => w.body.saleId)).toEqual(['c-1aaaaaaa', 'c-2aaaaaaa']);
      expect(queueState().attention).toEqual([]);
    }
    // Back online: the same two, with the same saleIds, in order.
    const sent: SaleBody[] = [];
    await drainQueue(async (body) => {
      sent.push(body);
      return recorded(body);
    });
    expect(sent.map((b) => [b.saleId, b.offline])).toEqual([
      ['c-1aaaaaaa', true],
      ['c-2aaaaaaa', true],
    ]);
  });
});
