import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_FACES, TYPEFACES_WAIT_MS, typefacesReady } from './typefaces';

function withFonts(load: (font: string) => Promise<unknown>) {
  Object.defineProperty(document, 'fonts', { value: { load: vi.fn(load) }, configurable: true });
  return (document as unknown as { fonts: { load: ReturnType<typeof vi.fn> } }).fonts.load;
}

function savingData(on: boolean) {
  Object.defineProperty(navigator, 'connection', { value: { saveData: on }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'fonts');
  Reflect.deleteProperty(navigator, 'connection');
});

describe('typefacesReady', () => {
  it('waits for every face of the first screen', async () => {
    savingData(false);
    const pending: Array<() => void> = [];
    const load = withFonts(() => new Promise<void>((resolve) => pending.push(resolve)));
    let ready = false;
    void typefacesReady().then(() => (ready = true));
    expect(load.mock.calls.map((call) => call[0] as string)).toEqual(FIRST_SCREEN_FACES.map(({ font }) => font));
    pending.slice(0, -1).forEach((resolve) => resolve());
    await Promise.resolve();
    await Promise.resolve();
    expect(ready).toBe(false);
    pending.at(-1)!();
    await vi.waitFor(() => expect(ready).toBe(true));
  });

  it('gives up waiting after a second, and on a face that fails', async () => {
    vi.useFakeTimers();
    savingData(false);
    withFonts(() => new Promise(() => undefined));
    let ready = false;
    void typefacesReady().then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(TYPEFACES_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);

    vi.useRealTimers();
    withFonts(() => Promise.reject(new Error('offline')));
    await expect(typefacesReady()).resolves.toBeUndefined();
  });

  it('asks for no typeface while the shopper saves data', async () => {
    savingData(true);
    const load = withFonts(() => Promise.resolve());
    await typefacesReady();
    expect(load).not.toHaveBeenCalled();
  });
});
