import type { CallStatus } from '@cairn/contract';
import ky, { isNetworkError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { panelLinks } from './config.ts';
import { extractErrorText, mentionsAuthenticationError } from './errorText.ts';
import {
  demoUnavailableMessage,
  demoUnavailableStatus,
  gatewayTimeoutMessage,
  gatewayTimeoutStatus,
  nonApiErrorMessage,
} from './messages.ts';
import type { UploadProgressListener, XhrFactory } from './xhrFetch.ts';
import { isUnsafeMethod, readCookie, xsrfCookieName, xsrfHeaderName } from './xsrf.ts';

// The call-status vocabulary is the contract's, shared with the server.
export { CALL_STATUSES as callStatuses, type CallStatus } from '@cairn/contract';

export type HttpMethod = 'delete' | 'get' | 'head' | 'patch' | 'post' | 'put';

export type CallSuccess<T> = { status: 'ok'; data: T; httpStatus: number };
export type CallFailure = {
  status: Exclude<CallStatus, 'ok'>;
  message: string;
  /** 0 when no response arrived (network failure or cancellation). */
  httpStatus: number;
  body?: unknown;
};
export type CallResult<T> = CallSuccess<T> | CallFailure;

export interface CallOptions<T> {
  method?: HttpMethod;
  json?: unknown;
  /** A plain body (text, FormData, Blob ...), sent as is. */
  body?: BodyInit;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
  onUploadProgress?: UploadProgressListener;
  /**
   * Validates the response body; a mismatch resolves to an error instead of handing on bad data. Given
   * as a function, the schema is fetched only when a successful body arrives to check: the calls made
   * before the first screen renders bring their schemas (and zod) with their answers, not in the first
   * chunk.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
}

export interface InterceptedResponse {
  request: Request;
  response: Response;
  /** The parsed body (JSON or text), undefined when empty. */
  body: unknown;
}

export type ResponseInterceptor = (intercepted: InterceptedResponse) => void | Promise<void>;

export interface ApiClient {
  call<T = unknown>(path: string, options?: CallOptions<T>): Promise<CallResult<T>>;
  get<T = unknown>(path: string, options?: Omit<CallOptions<T>, 'method'>): Promise<CallResult<T>>;
  post<T = unknown>(path: string, options?: Omit<CallOptions<T>, 'method'>): Promise<CallResult<T>>;
  put<T = unknown>(path: string, options?: Omit<CallOptions<T>, 'method'>): Promise<CallResult<T>>;
  patch<T = unknown>(path: string, options?: Omit<CallOptions<T>, 'method'>): Promise<CallResult<T>>;
  delete<T = unknown>(path: string, options?: Omit<CallOptions<T>, 'method'>): Promise<CallResult<T>>;
  head(path: string, options?: Omit<CallOptions<never>, 'method'>): Promise<CallResult<undefined>>;
  /** Adds a response interceptor; returns its removal. */
  intercept(interceptor: ResponseInterceptor): () => void;
  readonly ky: KyInstance;
  /**
   * A GET whose answer is read as it arrives (a download with progress), its body left unread for the
   * caller. A success passes the interceptors by (they read every body whole before the caller sees the
   * first byte); a failure is read and goes through them like any call's, so a session lost or a licence
   * expired during a download leads where it leads elsewhere.
   */
  stream(path: string, searchParams: URLSearchParams, signal: AbortSignal): Promise<CallResult<Response>>;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  createXhr?: XhrFactory;
  logger?: Pick<Console, 'error'>;
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function hasErrors(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.length > 0 : typeof errors === 'string' && errors !== '';
}

/** The call status for an HTTP answer (SPEC.md section 3), before any message is chosen. */
export function statusForResponse(httpStatus: number, body: unknown): CallStatus {
  if (mentionsAuthenticationError(body)) return 'access-denied';
  if (httpStatus >= 200 && httpStatus < 300) {
    // 207, or a success that still lists errors: some of a batch failed.
    return httpStatus === 207 || hasErrors(body) ? 'partial-error' : 'ok';
  }
  if (httpStatus === 401 || httpStatus === 403) return 'access-denied';
  if (httpStatus === 402) return 'license-expired';
  if (httpStatus === 404) return 'not-found';
  if (httpStatus >= 500) return 'server-error';
  return 'error';
}

/** The message for a failing HTTP answer (SPEC.md section 8). */
export function messageForResponse(httpStatus: number, body: unknown): string {
  if (httpStatus === gatewayTimeoutStatus) return gatewayTimeoutMessage;
  if (httpStatus === demoUnavailableStatus) return demoUnavailableMessage(panelLinks);
  return extractErrorText(body);
}

// The bracket-style query encoder (qs) weighs more than the rest of the client; most calls carry no query
// (the sign-in screen's none), so it is fetched with the first call that does.
async function encodeQuery(query: Record<string, unknown>): Promise<string> {
  const { stringifyQuery } = await import('../routes/query.ts');
  return stringifyQuery(query).replace(/^\?/, '');
}

// Upload progress needs XMLHttpRequest instead of fetch; only uploads use it, so it comes with the first.
async function uploadFetchFor(listener: UploadProgressListener, createXhr: XhrFactory | undefined) {
  const { createXhrFetch } = await import('./xhrFetch.ts');
  return createXhrFetch(listener, createXhr);
}

function isAbort(error: unknown): boolean {
  // Checked by name: DOMException differs between realms (a test's jsdom, a worker).
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const logger = options.logger ?? console;
  const interceptors = new Set<ResponseInterceptor>();
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const instance = ky.create({
    // Empty base: every path is the server's own, like `/api/mode`.
    fetch: fetchImpl,
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        ({ request }) => {
          if (!isUnsafeMethod(request.method)) return;
          const token = readCookie(xsrfCookieName);
          if (token) request.headers.set(xsrfHeaderName, token);
        },
      ],
      afterResponse: [
        async ({ request, response }) => {
          if (interceptors.size === 0) return;
          let body: unknown;
          try {
            body = await readBody(response);
          } catch (error) {
            logger.error('Response interceptors skipped: the body could not be read', error);
            return;
          }
          await runInterceptors({ request, response, body });
        },
      ],
    },
  });

  async function runInterceptors(intercepted: InterceptedResponse): Promise<void> {
    for (const interceptor of interceptors) {
      // An interceptor is a side effect (a toast, a redirect); its failure must not fail the call.
      try {
        await interceptor(intercepted);
      } catch (error) {
        logger.error('Response interceptor failed', error);
      }
    }
  }

  function failureOf(httpStatus: number, body: unknown): CallFailure {
    const status = statusForResponse(httpStatus, body);
    return {
      status: status === 'ok' ? 'error' : status,
      message: messageForResponse(httpStatus, body),
      httpStatus,
      body,
    };
  }

  async function call<T>(path: string, callOptions: CallOptions<T> = {}): Promise<CallResult<T>> {
    const method = callOptions.method ?? 'get';
    let response: Response;
    try {
      const searchParams = callOptions.query ? await encodeQuery(callOptions.query) : undefined;
      const uploadFetch = callOptions.onUploadProgress
        ? await uploadFetchFor(callOptions.onUploadProgress, options.createXhr)
        : undefined;
      response = await instance(path, {
        method,
        ...(callOptions.json !== undefined ? { json: callOptions.json } : {}),
        ...(callOptions.body !== undefined ? { body: callOptions.body } : {}),
        ...(searchParams ? { searchParams } : {}),
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(uploadFetch ? { fetch: uploadFetch } : {}),
      });
    } catch (error) {
      if (isAbort(error) || callOptions.signal?.aborted) {
        return { status: 'cancelled', message: 'Request cancelled', httpStatus: 0 };
      }
      const cause = isNetworkError(error) ? (error.cause ?? error) : error;
      return { status: 'error', message: nonApiErrorMessage(cause), httpStatus: 0 };
    }

    let body: unknown;
    try {
      body = method === 'head' ? undefined : await readBody(response);
    } catch (error) {
      if (isAbort(error)) return { status: 'cancelled', message: 'Request cancelled', httpStatus: 0 };
      return { status: 'error', message: nonApiErrorMessage(error), httpStatus: response.status };
    }
    if (statusForResponse(response.status, body) !== 'ok') return failureOf(response.status, body);
    if (callOptions.schema) {
      let schema: z.ZodType<T>;
      try {
        schema = typeof callOptions.schema === 'function' ? await callOptions.schema() : callOptions.schema;
      } catch (error) {
        // The schema's chunk did not arrive (gone after an upgrade, the connection dropped).
        logger.error(`The response schema of ${path} could not be loaded`, error);
        return { status: 'error', message: nonApiErrorMessage(error), httpStatus: response.status, body };
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        logger.error(`Unexpected response from ${path}`, parsed.error);
        return {
          status: 'error',
          message: `Unexpected response from ${path}`,
          httpStatus: response.status,
          body,
        };
      }
      return { status: 'ok', data: parsed.data, httpStatus: response.status };
    }
    return { status: 'ok', data: body as T, httpStatus: response.status };
  }

  const withMethod =
    (method: HttpMethod) =>
    <T>(path: string, callOptions: Omit<CallOptions<T>, 'method'> = {}) =>
      call<T>(path, { ...callOptions, method });

  return {
    call,
    get: withMethod('get'),
    post: withMethod('post'),
    put: withMethod('put'),
    patch: withMethod('patch'),
    delete: withMethod('delete'),
    head: (path, callOptions = {}) => call<undefined>(path, { ...callOptions, method: 'head' }),
    intercept(interceptor) {
      interceptors.add(interceptor);
      return () => {
        interceptors.delete(interceptor);
      };
    },
    ky: instance,
    async stream(path, searchParams, signal) {
      const request = new Request(`${window.location.origin}${path}?${searchParams}`, {
        credentials: 'same-origin',
        signal,
      });
      let response: Response;
      try {
        response = await fetchImpl(request);
      } catch (error) {
        if (isAbort(error) || signal.aborted)
          return { status: 'cancelled', message: 'Request cancelled', httpStatus: 0 };
        return { status: 'error', message: nonApiErrorMessage(error), httpStatus: 0 };
      }
      if (response.ok && response.body) return { status: 'ok', data: response, httpStatus: response.status };
      const body = await readBody(response).catch(() => undefined);
      await runInterceptors({ request, response, body });
      return failureOf(response.status, body);
    },
  };
}

/** The one client every call of the panel goes through. */
export const api = createApiClient();
