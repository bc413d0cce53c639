import { vi } from 'vitest';

type Handler = ((event?: unknown) => void) | null;

/** A stand-in for XMLHttpRequest: records requests; the test drives progress and the answer. */
export class FakeXHR {
  static requests: FakeXHR[] = [];
  /** Called on send, e.g. to answer at once. */
  static onSend: ((xhr: FakeXHR) => void) | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXHR.requests.push(this);
    FakeXHR.onSend?.(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  get form(): FormData {
    return this.body as FormData;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

export function installFakeXHR(): typeof FakeXHR {
  FakeXHR.requests = [];
  FakeXHR.onSend = null;
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  return FakeXHR;
}

/** The last request sent. */
export function lastXhr(): FakeXHR {
  const xhr = FakeXHR.requests[FakeXHR.requests.length - 1];
  if (!xhr) throw new Error('no XMLHttpRequest was sent');
  return xhr;
}

export function imageFile(name = 'photo.jpg', type = 'image/jpeg', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}
