import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AxiosAdapter } from 'axios';
import { isApiError } from './api-error';
import { createApiClient } from './client';
import { errorMessage } from './error-message';

interface SeenRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real server on another port than the page: jsdom's XMLHttpRequest then applies CORS and
// sends the page's cookies only when the client asks for credentials, as a browser does.
let server: Server;
let origin: string;
const seen: SeenRequest[] = [];

function answer(url: string | undefined): { status: number; type?: string; body: string } {
  if (url === '/api/missing') {
    return { status: 404, type: 'application/json', body: '{"message":"No such product"}' };
  }
  if (url === '/api/empty') return { status: 200, body: '' };
  if (url === '/api/text') return { status: 200, type: 'text/plain', body: 'pong' };
  return { status: 200, type: 'application/json; charset=utf-8', body: '{"ok":true}' };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { method, url, headers } = request;
      seen.push({ method, url, headers, body: Buffer.concat(chunks).toString() });
      const { status, type, body } = answer(url);
      if (type) response.setHeader('Content-Type', type);
      response.writeHead(status).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const makeClient = () => createApiClient({ baseURL: `${origin}/api` });

beforeEach(() => {
  seen.length = 0;
  document.cookie = 'session=abc; path=/';
});
afterEach(() => jest.restoreAllMocks());

describe('the axios client over XMLHttpRequest', () => {
  it('sends JSON with the session cookie and parses a JSON answer', async () => {
    const response = await makeClient().post('/products', { name: 'Neon Brushes', price: 19.99 });

    expect(response).toMatchObject({ status: 200, data: { ok: true } });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/api/products' });
    expect(JSON.parse(request!.body)).toEqual({ name: 'Neon Brushes', price: 19.99 });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json, text/plain, */*');
    expect(request!.headers.cookie).toBe('session=abc');
  });

  it('sends no body and no content type without data, but a DELETE body when given', async () => {
    const client = makeClient();
    await client.get('/cart');
    await client.delete('/cart', { data: { productId: 'p1' } });

    const [get, remove] = seen;
    expect(get).toMatchObject({ method: 'GET', body: '' });
    expect(get!.headers['content-type']).toBeUndefined();
    expect(remove).toMatchObject({ method: 'DELETE', body: '{"productId":"p1"}' });
    expect(remove!.headers['content-type']).toBe('application/json');
  });

  it('passes FormData as it is, so the browser writes its multipart boundary', async () => {
    const form = new FormData();
    form.append('name', 'Neon Brushes');
    await makeClient().post('/upload', form);

    const [multipart] = seen;
    expect(multipart!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart!.body).toContain('Neon Brushes');
  });

  it('answers a body that is not JSON as text, and an empty one as an empty string', async () => {
    const client = makeClient();
    expect((await client.get('/text')).data).toBe('pong');
    expect((await client.get('/empty')).data).toBe('');
  });

  it('rejects an error status with an axios error holding the status and the body', async () => {
    const error: unknown = await makeClient()
      .get('/missing')
      .catch((reason: unknown) => reason);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      message: 'Request failed with status code 404',
      response: { status: 404, data: { message: 'No such product' } },
      config: { method: 'get', url: '/missing' },
    });
    expect(errorMessage(error, 'fallback')).toBe('No such product');
  });

  it('rejects a network failure with an axios error without response', async () => {
    // jsdom also logs the refused connection.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient({ baseURL: `http://localhost:${port}/api` });

    const error: unknown = await client.get('/products').catch((reason: unknown) => reason);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ message: 'Network Error', code: 'ERR_NETWORK' });
    expect(isApiError(error) && error.response).toBeUndefined();
  });

  /** Posts with an upload listener and plays one browser progress event before the answer. */
  async function progressFor(event: ProgressEventInit) {
    const opened: XMLHttpRequest[] = [];
    const RealXhr = window.XMLHttpRequest;
    jest.spyOn(window, 'XMLHttpRequest').mockImplementation(() => {
      const xhr = new RealXhr();
      opened.push(xhr);
      return xhr;
    });
    const onUploadProgress = jest.fn();
    const created = makeClient().post('/products', { name: 'Neon Brushes' }, { onUploadProgress });
    // jsdom sends the body without measuring it, so the browser's event is played here.
    opened[0]!.upload.dispatchEvent(new ProgressEvent('progress', event));
    await created;
    return onUploadProgress;
  }

  it('reports upload progress as the browser reports it', async () => {
    const onUploadProgress = await progressFor({ lengthComputable: true, loaded: 40, total: 100 });
    expect(onUploadProgress).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({ loaded: 40, total: 100, progress: 0.4, upload: true }),
    );
  });

  it('reports progress without a total when the browser cannot measure the body', async () => {
    const onUploadProgress = await progressFor({ loaded: 60 });
    expect(onUploadProgress).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({ loaded: 60, total: undefined, progress: undefined }),
    );
  });
});

describe('the axios client base URL and defaults', () => {
  const recordUrls = (urls: string[]): AxiosAdapter => {
    return async (config) => {
      urls.push(`${config.baseURL ?? ''}|${config.url ?? ''}`);
      return { data: null, status: 200, statusText: 'OK', headers: {}, config };
    };
  };

  it('starts at /api and follows setApiBaseUrl, with or without a trailing slash', async () => {
    const { apiClient, setApiBaseUrl } = await import('./client');
    const before = apiClient.defaults.baseURL;
    const urls: string[] = [];
    const adapter = apiClient.defaults.adapter;
    apiClient.defaults.adapter = recordUrls(urls);
    try {
      await apiClient.get('/products');
      setApiBaseUrl('https://api.example.com/v2/');
      await apiClient.get('/products');
    } finally {
      apiClient.defaults.adapter = adapter;
      apiClient.defaults.baseURL = before;
    }
    expect(urls).toEqual(['/api|/products', 'https://api.example.com/v2/|/products']);
  });

  it('joins the base URL and the path as the browser will request them', async () => {
    const client = createApiClient({ baseURL: `${origin}/api/` });
    await client.get('/products');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/products' });
  });

  it('sends cookies and sets no client timeout', () => {
    const client = createApiClient();
    expect(client.defaults).toMatchObject({ withCredentials: true, timeout: 0, baseURL: '/api' });
  });
});
