import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isApiError } from './api-error';
import { createApiClient } from './create-api-client';
import { errorMessage } from './error-message';
import type { TransportRequest } from './transport';

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

function makeClient() {
  const client = createApiClient();
  client.setBaseUrl(`${origin}/api`);
  return client;
}

beforeEach(() => {
  seen.length = 0;
  document.cookie = 'session=abc; path=/';
});
afterEach(() => jest.restoreAllMocks());

describe('createApiClient over XMLHttpRequest', () => {
  it('sends JSON with the session cookie and parses a JSON answer', async () => {
    const response = await makeClient().post('/products', { name: 'Neon Brushes', price: 19.99 });

    expect(response).toEqual({ status: 200, data: { ok: true } });
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

  it('passes FormData and Blob bodies as they are', async () => {
    const client = makeClient();
    const form = new FormData();
    form.append('name', 'Neon Brushes');
    await client.post('/upload', form);
    await client.put('/upload', new Blob(['raw bytes'], { type: 'text/plain' }));

    const [multipart, blob] = seen;
    expect(multipart!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart!.body).toContain('Neon Brushes');
    expect(blob).toMatchObject({ method: 'PUT', body: 'raw bytes' });
    expect(blob!.headers['content-type']).toBe('text/plain');
  });

  it('answers a body that is not JSON as text, and an empty one as an empty string', async () => {
    const client = makeClient();
    expect((await client.get('/text')).data).toBe('pong');
    expect((await client.get('/empty')).data).toBe('');
  });

  it('rejects an error status with an ApiError holding the status and the body', async () => {
    const error: unknown = await makeClient()
      .get('/missing')
      .catch((reason: unknown) => reason);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      message: 'Request failed with status code 404',
      response: { status: 404, data: { message: 'No such product' } },
      config: { method: 'GET', url: '/missing' },
    });
    expect(errorMessage(error, 'fallback')).toBe('No such product');
  });

  it('rejects a network failure with an ApiError without response', async () => {
    // jsdom also logs the refused connection.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient();
    client.setBaseUrl(`http://localhost:${port}/api`);

    const error: unknown = await client.get('/products').catch((reason: unknown) => reason);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ message: 'Network Error', response: undefined });
  });

  it('reports upload progress as the browser reports it', async () => {
    const opened: XMLHttpRequest[] = [];
    const RealXhr = window.XMLHttpRequest;
    jest.spyOn(window, 'XMLHttpRequest').mockImplementation(() => {
      const xhr = new RealXhr();
      opened.push(xhr);
      return xhr;
    });
    const onUploadProgress = jest.fn();

    const created = makeClient().post('/products', { name: 'Neon Brushes' }, { onUploadProgress });
    // jsdom sends the body without measuring it, so the browser's events are played here.
    const { upload } = opened[0]!;
    upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded: 40, total: 100 }),
    );
    upload.dispatchEvent(new ProgressEvent('progress', { loaded: 60 }));
    await created;

    expect(onUploadProgress).toHaveBeenNthCalledWith(1, { loaded: 40, total: 100 });
    expect(onUploadProgress).toHaveBeenNthCalledWith(2, { loaded: 60, total: undefined });
  });
});

describe('createApiClient base URL', () => {
  it('starts at /api and follows setBaseUrl, with or without a trailing slash', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      transport: async ({ url }: TransportRequest) => {
        urls.push(url);
        return { status: 200, data: null };
      },
    });

    await client.get('/products');
    client.setBaseUrl('https://api.example.com/v2/');
    await client.get('/products');

    expect(urls).toEqual(['/api/products', 'https://api.example.com/v2/products']);
  });
});
