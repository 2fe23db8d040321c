import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const APP_ORIGIN = 'http://localhost:3000';

interface StoredCookie {
  value: string;
  path: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser stand-in: keeps cookies per path and sends the shell's Origin by default. */
export class TestClient {
  readonly cookies = new Map<string, StoredCookie>();

  private readonly app: FastifyInstance;
  private readonly origin: string | null;

  constructor(app: FastifyInstance, origin: string | null = APP_ORIGIN) {
    this.app = app;
    this.origin = origin;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  private cookieHeader(url: string): string | undefined {
    const pairs = [...this.cookies]
      .filter(([, cookie]) => url.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && new Date(cookie.expires).getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader(url);
    const options: InjectOptions = {
      method,
      url,
      headers: {
        ...(this.origin ? { origin: this.origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    const response = await this.app.inject(options);
    this.store(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, payload, headers);
  }

  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, payload, headers);
  }

  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', url, payload, headers);
  }

  delete(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', url, payload, headers);
  }
}
