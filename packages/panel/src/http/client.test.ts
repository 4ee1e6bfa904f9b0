import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiClient, createApiClient } from './client.ts';
import { configurePanelLinks } from './config.ts';
import { extractErrorText, formatDetail, mentionsAuthenticationError } from './errorText.ts';
import { licenseErrorMessage } from './messages.ts';

type Handler = (request: Request) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function clientWith(handler: Handler, logger = { error: vi.fn() }) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  }) as unknown as typeof globalThis.fetch;
  const client = createApiClient({ fetch, logger });
  return { client, requests, logger };
}

afterEach(() => {
  vi.useRealTimers();
  configurePanelLinks({});
});

describe('client requests', () => {
  it('calls the path on the page origin with an empty base and parses JSON', async () => {
    const { client, requests } = clientWith(() => json({ mode: 'demo' }));
    const result = await client.get('/api/mode');
    expect(result).toEqual({ status: 'ok', data: { mode: 'demo' }, httpStatus: 200 });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/mode');
    expect(new URL(requests[0]?.url ?? '').origin).toBe(window.location.origin);
  });

  it('sends a JSON body with its content type', async () => {
    const { client, requests } = clientWith(() => json({ status: 'ok' }));
    await client.post('/api/user/sign_in', { json: { login: 'a', password: 'b' } });
    expect(requests[0]?.headers.get('content-type')).toContain('application/json');
    expect(await requests[0]?.text()).toBe('{"login":"a","password":"b"}');
  });

  it('sends a plain body as is and reads a plain-text answer', async () => {
    const { client, requests } = clientWith(() => new Response('done', { status: 200 }));
    const result = await client.put('/api/notes', { body: 'line one\nline two' });
    expect(await requests[0]?.text()).toBe('line one\nline two');
    expect(result).toEqual({ status: 'ok', data: 'done', httpStatus: 200 });
  });

  it('encodes query params in the bracket style', async () => {
    const { client, requests } = clientWith(() => json([]));
    await client.get('/api/offer', { query: { ids: [1, 2], filter: { name: 'x y' } } });
    expect(new URL(requests[0]?.url ?? '').search).toBe('?ids[]=1&ids[]=2&filter[name]=x%20y');
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on unsafe methods only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const { client, requests } = clientWith(() => json({}));
    await client.get('/api/user/role');
    await client.post('/api/user/logout');
    await client.delete('/api/offer/1');
    expect(requests[0]?.headers.get('x-xsrf-token')).toBeNull();
    expect(requests[1]?.headers.get('x-xsrf-token')).toBe('abc=123');
    expect(requests[2]?.headers.get('x-xsrf-token')).toBe('abc=123');
  });

  it('has no timeout: a slow answer still resolves', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    const { client } = clientWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = client.get('/api/slow');
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    answer(json({ done: true }));
    await expect(pending).resolves.toEqual({ status: 'ok', data: { done: true }, httpStatus: 200 });
  });

  it('resolves an aborted call as cancelled', async () => {
    const controller = new AbortController();
    const { client } = clientWith(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          if (request.signal.aborted) reject(request.signal.reason);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const pending = client.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toMatchObject({ status: 'cancelled', httpStatus: 0 });
  });

  it('reports a network failure as status 0 "Non-api error." with its cause', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/mode')).resolves.toEqual({
      status: 'error',
      message: 'Non-api error. Failed to fetch',
      httpStatus: 0,
    });
  });

  it('validates the body against a schema', async () => {
    const { client, logger } = clientWith(() => json({ mode: 7 }));
    const result = await client.get('/api/mode', { schema: z.object({ mode: z.string() }) });
    expect(result).toMatchObject({ status: 'error', message: 'Unexpected response from /api/mode' });
    expect(logger.error).toHaveBeenCalled();
  });

  it('fetches a schema given as a function only when a successful body is there to check', async () => {
    const schema = z.object({ mode: z.string().transform((mode) => mode.toUpperCase()) });
    const load = vi.fn(async () => schema);
    let answer = json({ message: 'No session' }, 401);
    const { client } = clientWith(() => answer);
    await expect(client.get('/api/mode', { schema: load })).resolves.toMatchObject({
      status: 'access-denied',
    });
    expect(load).not.toHaveBeenCalled();
    answer = json({ mode: 'demo' });
    await expect(client.get('/api/mode', { schema: load })).resolves.toEqual({
      status: 'ok',
      data: { mode: 'DEMO' },
      httpStatus: 200,
    });
    answer = json({ mode: 7 });
    await expect(client.get('/api/mode', { schema: load })).resolves.toMatchObject({
      status: 'error',
      message: 'Unexpected response from /api/mode',
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails the call, keeping the body, when the schema cannot be fetched', async () => {
    const { client, logger } = clientWith(() => json({ mode: 'demo' }));
    const result = await client.get('/api/mode', {
      schema: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    expect(result).toEqual({
      status: 'error',
      message: 'Non-api error. Failed to fetch dynamically imported module',
      httpStatus: 200,
      body: { mode: 'demo' },
    });
    expect(logger.error).toHaveBeenCalled();
  });
});

describe('status mapping', () => {
  it.each([
    [200, { ok: true }, 'ok'],
    [204, undefined, 'ok'],
    [207, { errors: [{ message: 'one failed' }] }, 'partial-error'],
    [200, { updated: 2, errors: [{ message: 'id 3 failed' }] }, 'partial-error'],
    [200, { message: 'AUTHENTICATION_ERROR' }, 'access-denied'],
    [400, { message: 'Bad name' }, 'error'],
    [401, { message: 'No session' }, 'access-denied'],
    [402, { error: 'License expired', trackerId: 't1' }, 'license-expired'],
    [403, { message: 'Forbidden' }, 'access-denied'],
    [404, { message: 'No such offer' }, 'not-found'],
    [409, { message: 'In use' }, 'error'],
    [410, { message: 'demo' }, 'error'],
    [429, { message: 'Slow down' }, 'error'],
    [500, { message: 'Boom' }, 'server-error'],
    [502, 'Bad gateway', 'server-error'],
    [504, '', 'server-error'],
  ])('HTTP %i %j -> %s', async (httpStatus, body, expected) => {
    const { client } = clientWith(() =>
      body === undefined ? new Response(null, { status: httpStatus }) : json(body, httpStatus),
    );
    const result = await client.get('/api/x');
    expect(result.status).toBe(expected);
    expect(result.httpStatus).toBe(httpStatus);
  });

  it('uses the fixed 504 message', async () => {
    const { client } = clientWith(() => new Response('<html>timeout</html>', { status: 504 }));
    await expect(client.get('/api/report')).resolves.toMatchObject({
      message: 'Gateway timeout. Simplify the request or try again later.',
    });
  });

  it('uses the demo message with the trial, support and Telegram links the server configured for 410', async () => {
    configurePanelLinks({
      trial: 'https://tracker.example/trial',
      support: 'https://tracker.example/support',
      telegram: 'https://t.me/tracker_support',
    });
    const { client } = clientWith(() => json({ message: 'Not in demo' }, 410));
    const result = await client.post('/api/offer');
    expect(result).toMatchObject({ status: 'error', httpStatus: 410 });
    expect(result.status !== 'ok' && result.message).toBe(
      'This feature is unavailable in the demo version. However, you can access our 14-day free trial with all ' +
        'features available. Simply register at https://tracker.example/trial and contact our support team ' +
        '(https://tracker.example/support) for assistance, or write to us on Telegram (https://t.me/tracker_support).',
    );
  });

  it('keeps the demo message whole without the links that are not configured', async () => {
    configurePanelLinks({ support: 'https://tracker.example/support' });
    const { client } = clientWith(() => json({ message: 'Not in demo' }, 410));
    const result = await client.post('/api/offer');
    expect(result.status !== 'ok' && result.message).toBe(
      'This feature is unavailable in the demo version. However, you can access our 14-day free trial with all ' +
        'features available. Simply register and contact our support team (https://tracker.example/support) for ' +
        'assistance, or write to us on Telegram.',
    );
    configurePanelLinks({});
    const bare = await client.post('/api/offer');
    expect(bare.status !== 'ok' && bare.message).not.toMatch(/https?:/);
  });

  it('extracts the message of other failures from the body', async () => {
    const { client } = clientWith(() =>
      json({ message: 'Invalid', errors: [{ message: 'Name is required' }] }, 400),
    );
    await expect(client.post('/api/offer')).resolves.toMatchObject({ message: 'Name is required', body: {} });
  });
});

describe('response interceptors', () => {
  it('sees every response with its parsed body', async () => {
    const { client } = clientWith(() => json({ message: 'gone' }, 404));
    const seen: unknown[] = [];
    client.intercept(({ response, body }) => {
      seen.push([response.status, body]);
    });
    await client.get('/api/offer/9');
    expect(seen).toEqual([[404, { message: 'gone' }]]);
  });

  it('logs and ignores a failing interceptor, running the others and resolving the call', async () => {
    const { client, logger } = clientWith(() => json({ ok: true }));
    const later = vi.fn();
    client.intercept(() => {
      throw new Error('interceptor broke');
    });
    client.intercept(later);
    await expect(client.get('/api/x')).resolves.toMatchObject({ status: 'ok', data: { ok: true } });
    expect(later).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledWith('Response interceptor failed', expect.any(Error));
  });

  it('stops calling an interceptor once removed', async () => {
    const { client } = clientWith(() => json({}));
    const interceptor = vi.fn();
    const remove = client.intercept(interceptor);
    await client.get('/api/x');
    remove();
    await client.get('/api/x');
    expect(interceptor).toHaveBeenCalledOnce();
  });
});

class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: string) {
    this.status = status;
    this.response = new TextEncoder().encode(body).buffer;
    this.onload?.();
  }
}

describe('upload progress', () => {
  async function startUpload(client: ApiClient, onUploadProgress = vi.fn()) {
    FakeXhr.last = undefined;
    const pending = client.post('/api/files', { body: 'x'.repeat(1000), onUploadProgress });
    await vi.waitFor(() => expect(FakeXhr.last?.sent).toBeDefined());
    return { pending, onUploadProgress, xhr: FakeXhr.last as unknown as FakeXhr };
  }

  it('goes through XMLHttpRequest, reporting the fraction and the bytes sent', async () => {
    FakeXhr.last = undefined;
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    const client = createApiClient({ fetch, createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const { pending, onUploadProgress, xhr } = await startUpload(client);
    expect(fetch).not.toHaveBeenCalled();
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/files');
    expect(xhr.headers['x-xsrf-token']).toBe('tok');
    expect(await (xhr.sent as Blob).text()).toBe('x'.repeat(1000));
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    expect(onUploadProgress.mock.calls).toEqual([
      [{ fraction: 0.25, loaded: 250, total: 1000 }],
      [{ fraction: 1, loaded: 1000, total: 1000 }],
    ]);
    xhr.respond(200, '{"id":4}');
    await expect(pending).resolves.toEqual({ status: 'ok', data: { id: 4 }, httpStatus: 200 });
  });

  it('cancels an upload when its signal aborts', async () => {
    const client = createApiClient({ createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const controller = new AbortController();
    FakeXhr.last = undefined;
    const pending = client.post('/api/files', {
      body: 'data',
      signal: controller.signal,
      onUploadProgress: vi.fn(),
    });
    await vi.waitFor(() => expect(FakeXhr.last?.sent).toBeDefined());
    controller.abort();
    await expect(pending).resolves.toMatchObject({ status: 'cancelled', httpStatus: 0 });
  });

  it('maps XMLHttpRequest answers and failures like fetch ones', async () => {
    const client = createApiClient({ createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const failing = await startUpload(client);
    failing.xhr.respond(402, '{"error":"License expired","trackerId":"t"}');
    await expect(failing.pending).resolves.toMatchObject({ status: 'license-expired', httpStatus: 402 });

    const broken = await startUpload(client);
    broken.xhr.onerror?.();
    await expect(broken.pending).resolves.toEqual({
      status: 'error',
      message: 'Non-api error. Network request failed',
      httpStatus: 0,
    });
  });
});

describe('error text extraction', () => {
  it.each([
    ['a non-empty string', 'Plain failure', 'Plain failure'],
    ['errors as a string', { errors: 'Bad input' }, 'Bad input'],
    ['errors as a list of strings', { errors: ['One', 'Two'] }, 'One\nTwo'],
    [
      'errors as objects',
      { errors: [{ message: 'Name taken' }, { message: 'URL bad' }] },
      'Name taken\nURL bad',
    ],
    [
      'errors with a list detail',
      { errors: [{ message: 'Import failed', detail: ['line 2: bad URL', 'line 5: no name'] }] },
      'Import failed\nline 2: bad URL\nline 5: no name',
    ],
    [
      'errors with a key-value detail',
      { errors: [{ message: 'Invalid', detail: { name: 'required', url: 'must be http' } }] },
      'Invalid\nname: required\nurl: must be http',
    ],
    ['message', { message: 'Message text' }, 'Message text'],
    ['error', { error: 'Error text' }, 'Error text'],
    ['errorMessage', { errorMessage: 'ErrorMessage text' }, 'ErrorMessage text'],
    ['an empty string', '', 'Unknown error'],
    ['an empty errors list, falling to message', { errors: [], message: 'Fallback' }, 'Fallback'],
    ['an unknown shape', { code: 12 }, 'Unknown error'],
    ['nothing', undefined, 'Unknown error'],
    ['a number', 42, 'Unknown error'],
  ])('accepts %s', (_label, body, expected) => {
    expect(extractErrorText(body)).toBe(expected);
  });

  it('finds AUTHENTICATION_ERROR in the message even when errors carry the details', () => {
    expect(
      mentionsAuthenticationError({ message: 'AUTHENTICATION_ERROR: expired', errors: [{ message: 'x' }] }),
    ).toBe(true);
    expect(mentionsAuthenticationError({ errors: [{ message: 'AUTHENTICATION_ERROR' }] })).toBe(true);
    expect(mentionsAuthenticationError('AUTHENTICATION_ERROR')).toBe(true);
    expect(mentionsAuthenticationError({ items: [{ name: 'AUTHENTICATION_ERROR' }] })).toBe(false);
    expect(mentionsAuthenticationError({ message: 'Saved' })).toBe(false);
  });

  it('formats details', () => {
    expect(formatDetail(['a', 'b'])).toBe('a\nb');
    expect(formatDetail({ a: 1, b: 'x' })).toBe('a: 1\nb: x');
    expect(formatDetail(undefined)).toBeUndefined();
  });
});

describe('licence messages', () => {
  it('gives the fixed text for License not found, with the tracker id', () => {
    const text = licenseErrorMessage(
      { error: 'License not found', trackerId: 'TR-42' },
      'https://p.example/login',
    );
    expect(text).toContain('License not found');
    expect(text).toContain('TR-42');
    expect(text).toContain('second-generation version');
    expect(text).toContain('https://p.example/login');
  });

  it('names the login page without an address when none is configured', () => {
    const text = licenseErrorMessage({ error: 'License not found', trackerId: 'TR-42' }, undefined);
    expect(text).toMatch(/on the provider's login page\.$/);
  });

  it('gives the server message plus the tracker id otherwise', () => {
    expect(licenseErrorMessage({ error: 'License expired', trackerId: 'TR-42' }, 'x')).toBe(
      'License error: License expired. Tracker ID: TR-42',
    );
  });
});
