export interface UploadProgress {
  /** loaded / total, 0..1 */
  fraction: number;
  /** Bytes sent so far. */
  loaded: number;
  total: number;
}

export type UploadProgressListener = (progress: UploadProgress) => void;

export type XhrFactory = () => XMLHttpRequest;

const nullBodyStatuses = new Set([101, 204, 205, 304]);

function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return headers;
}

/**
 * A fetch built on XMLHttpRequest, because fetch still reports no upload progress. The client hands it
 * to ky for the calls that ask for progress, so those calls keep every header and interceptor.
 */
export function createXhrFetch(
  onUploadProgress: UploadProgressListener,
  createXhr: XhrFactory = () => new XMLHttpRequest(),
): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const signal = init?.signal ?? request.signal;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // The request body has been encoded already (a multipart boundary sits in its content type), so
    // sending its bytes with its headers keeps the two consistent.
    const body = hasBody ? await request.blob() : null;
    return new Promise<Response>((resolve, reject) => {
      const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = createXhr();
      xhr.open(request.method, request.url, true);
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'arraybuffer';
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : (body?.size ?? 0);
        onUploadProgress({ fraction: total > 0 ? event.loaded / total : 0, loaded: event.loaded, total });
      };
      xhr.onload = () => {
        const status = xhr.status;
        resolve(
          new Response(nullBodyStatuses.has(status) ? null : (xhr.response as ArrayBuffer | null), {
            status,
            statusText: xhr.statusText,
            headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(abortError());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
