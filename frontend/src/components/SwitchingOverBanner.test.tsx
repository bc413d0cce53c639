import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, failureMessage } from '@/lib/api';
import { RECHECK_MS, resetSwitchingOver } from '@/lib/switchingOver';
import { embedShop, type Facts } from '@/test/shop';
import { SwitchingOverBanner, SWITCHING_OVER_TITLE } from './SwitchingOverBanner';

const SENTENCE = 'The shop is switching over to its standby machine. You can look around, but bags are paused.';

function embed(facts: Partial<Facts> | null) {
  embedShop(facts);
  resetSwitchingOver();
}

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** An answer whose body reads at once (a real Response's stream waits on timers the test fakes). */
const health = (takesOrders: boolean) => ({ ok: true, json: async () => ({ takesOrders }) }) as unknown as Response;

describe('SwitchingOverBanner', () => {
  afterEach(() => {
    embed(null);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says so on a page served by the standby, and goes once the machine answering takes orders', async () => {
    vi.useFakeTimers();
    embed({ whatsapp: null, switchingOver: SENTENCE });
    const asked = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(health(false));
    render(<SwitchingOverBanner />);
    expect(screen.getByRole('status').textContent).toBe(SWITCHING_OVER_TITLE + SENTENCE);
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECHECK_MS)));
    expect(asked).toHaveBeenCalledWith('/api/health', expect.anything());
    expect(screen.getByRole('status')).toBeTruthy();
    asked.mockResolvedValueOnce(health(true));
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECHECK_MS)));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('appears when a write is refused as switching over, and the form shows the same sentence', async () => {
    embed({ whatsapp: null, switchingOver: null });
    render(<SwitchingOverBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(503, { error: 'switching_over', message: SENTENCE }));
    let refused: unknown;
    await act(async () => {
      refused = await api.POST('/api/bag', { body: { productId: 'p1' } }).catch((error: unknown) => error);
    });
    expect(screen.getByRole('status').textContent).toContain(SENTENCE);
    expect(failureMessage(refused, 'Something went wrong.')).toBe(SENTENCE);
  });
});
