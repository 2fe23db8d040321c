import type { AxiosAdapter, AxiosResponse } from 'axios';
import { createApiClient } from './client';
import { installPrefetchedAnswers, type PrefetchedAnswer } from './prefetched-answers';

// Stands in for the network: what reaches it is a request the prefetched answers did not serve.
const network = jest.fn<Promise<AxiosResponse>, Parameters<AxiosAdapter>>(async (config) => ({
  data: { from: 'network', url: config.url },
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
}));

function clientServing(answers: Record<string, Promise<PrefetchedAnswer>>) {
  const client = createApiClient({ adapter: network });
  const taken: string[] = [];
  installPrefetchedAnswers(client, (url) => {
    taken.push(url);
    const answer = answers[url];
    delete answers[url];
    return answer;
  });
  return { client, taken };
}

afterEach(() => network.mockClear());

describe('installPrefetchedAnswers', () => {
  it('serves a GET from its prefetched answer once, then asks the network', async () => {
    const { client } = clientServing({
      '/dropdown/categories': Promise.resolve({ status: 200, data: { data: ['art'] } }),
    });
    const first = await client.get('/dropdown/categories');
    expect(first).toMatchObject({ status: 200, data: { data: ['art'] } });
    expect(network).not.toHaveBeenCalled();

    const second = await client.get('/dropdown/categories');
    expect(second.data).toEqual({ from: 'network', url: '/dropdown/categories' });
  });

  it("answers with the api's refusal, and asks the network only when the fetch got no answer", async () => {
    const { client } = clientServing({
      '/products/featured': Promise.reject(new TypeError('Failed to fetch')),
      '/dropdown/categories': Promise.resolve({
        status: 503,
        data: { message: 'Categories are resting' },
      }),
    });
    await expect(client.get('/products/featured')).resolves.toMatchObject({
      data: { from: 'network', url: '/products/featured' },
    });
    await expect(client.get('/dropdown/categories')).rejects.toMatchObject({
      isAxiosError: true,
      response: { status: 503, data: { message: 'Categories are resting' } },
    });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never looks for a prefetched answer to a write or a GET with params', async () => {
    const { client, taken } = clientServing({
      '/cart': Promise.resolve({ status: 200, data: 'prefetched' }),
    });
    await client.post('/cart', { productId: 'p1' });
    await client.get('/cart', { params: { page: 2 } });
    expect(taken).toEqual([]);
    expect(network).toHaveBeenCalledTimes(2);
  });
});
