import type { Transport } from './transport';

// What axios sent, so the api sees the same requests as before the switch.
const ACCEPT = 'application/json, text/plain, */*';

function encodeBody(xhr: XMLHttpRequest, body: unknown): XMLHttpRequestBodyInit | null {
  if (body === undefined) return null;
  // The browser labels these itself (FormData needs its multipart boundary).
  if (body instanceof FormData || body instanceof Blob) return body;
  xhr.setRequestHeader('Content-Type', 'application/json');
  return JSON.stringify(body);
}

function decodeBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text || !/json/i.test(xhr.getResponseHeader('Content-Type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A throw here would leave the call pending forever; axios also answered bad JSON as text.
    return text;
  }
}

/**
 * XHR rather than fetch: fetch cannot report upload progress, which the admin upload shows.
 * No timeout is set (XHR's default is none): the spec wants no client timeout.
 */
export const xhrTransport: Transport = ({ method, url, body, onUploadProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    // The session is cookies, and the api may live on another origin.
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', ACCEPT);
    if (onUploadProgress) {
      // Only when asked: an upload listener makes a cross-origin call need a preflight.
      xhr.upload.addEventListener('progress', (event) =>
        onUploadProgress({
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : undefined,
        }),
      );
    }
    xhr.onload = () => resolve({ status: xhr.status, data: decodeBody(xhr) });
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.onabort = () => reject(new Error('Request aborted'));
    xhr.send(encodeBody(xhr, body));
  });
