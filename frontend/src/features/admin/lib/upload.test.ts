import { describe, expect, it, vi } from 'vitest';
import { uploadForm } from './upload';
import { installFakeXHR, lastXhr } from '../test/fakeXhr';
import { ApiError } from '@/lib/api';

describe('uploadForm', () => {
  it('sends the form with the write header, the idempotency key and reports progress', async () => {
    installFakeXHR();
    const onProgress = vi.fn<(percent: number) => void>();
    const form = new FormData();
    form.set('name', 'Agbada');
    const answer = uploadForm<{ id: string }>('/api/collections', form, { idempotencyKey: 'k1', onProgress });
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/collections');
    expect(xhr.headers['X-Requested-With']).toBe('ankara');
    expect(xhr.headers['Idempotency-Key']).toBe('k1');
    expect(xhr.body).toBe(form);
    xhr.progress(25, 100);
    xhr.progress(60, 200);
    xhr.respond(201, { id: 'agbada' });
    await expect(answer).resolves.toEqual({ id: 'agbada' });
    expect(onProgress.mock.calls.map((c) => c[0])).toEqual([25, 30, 100]);
  });

  it('leaves the idempotency key out when none is given and uses the method asked for', async () => {
    installFakeXHR();
    const answer = uploadForm('/api/about', new FormData(), { method: 'PUT' });
    const xhr = lastXhr();
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['Idempotency-Key']).toBeUndefined();
    xhr.respond(200, { message: 'ok' });
    await answer;
  });

  it("rejects with the server's message", async () => {
    installFakeXHR();
    const answer = uploadForm('/api/collections', new FormData());
    lastXhr().respond(409, { error: 'conflict', message: 'This form was already submitted.' });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('This form was already submitted.');
  });

  it('rejects with a network error when no answer comes, and with a plain status otherwise', async () => {
    installFakeXHR();
    const offline = uploadForm('/api/about', new FormData());
    lastXhr().fail();
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'network_error' });

    const proxy = uploadForm('/api/about', new FormData());
    const xhr = lastXhr();
    xhr.statusText = 'Bad Gateway';
    xhr.status = 502;
    xhr.responseText = '<html>';
    xhr.onload?.();
    await expect(proxy).rejects.toMatchObject({ status: 502, message: 'Request failed: 502 Bad Gateway' });
  });

  it('aborts with the signal', async () => {
    installFakeXHR();
    const controller = new AbortController();
    const answer = uploadForm('/api/about', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastXhr().aborted).toBe(true);
  });
});
