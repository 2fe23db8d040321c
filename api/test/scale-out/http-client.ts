import { UPSTREAM_HEADER } from './round-robin-proxy.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: T;
  text: string;
  /** The instance the proxy sent the request to (-1 when the answer came from elsewhere). */
  upstream: number;
}

interface StoredCookie {
  value: string;
  path: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser stand-in over real HTTP: keeps cookies per path and sends the page's Origin on
 * unsafe methods, as the shell does when it calls the api through its own origin.
 */
export class HttpClient {
  readonly cookies = new Map<string, StoredCookie>();

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  /** Another "tab" with the same cookies. */
  copy(): HttpClient {
    const twin = new HttpClient(this.baseUrl);
    for (const [name, cookie] of this.cookies) twin.cookies.set(name, { ...cookie });
    return twin;
  }

  private cookieHeader(path: string): string | undefined {
    const pairs = [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  private store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const split = pair.indexOf('=');
      const name = pair.slice(0, split);
      const value = pair.slice(split + 1);
      const attribute = (key: string) =>
        attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const gone =
        maxAge === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: attribute('path') ?? '/' });
    }
  }

  async request<T = unknown>(
    method: Method,
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    const cookie = this.cookieHeader(path);
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers.origin ??= new URL(this.baseUrl).origin;
    let body: string | undefined;
    if (payload !== undefined) {
      body = JSON.stringify(payload);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    this.store(response.headers);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const upstream = response.headers.get(UPSTREAM_HEADER);
    return {
      status: response.status,
      headers: response.headers,
      body: parsed as T,
      text,
      upstream: upstream === null ? -1 : Number(upstream),
    };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(path: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, payload, headers);
  }

  put<T = unknown>(path: string, payload?: unknown) {
    return this.request<T>('PUT', path, payload);
  }

  patch<T = unknown>(path: string, payload?: unknown) {
    return this.request<T>('PATCH', path, payload);
  }
}
