import type { Metric } from 'web-vitals';
import { reportWebVitals } from './report-web-vitals';

type Callback = (metric: Metric) => void;
const callbacks: Record<string, Callback> = {};

jest.mock('web-vitals', () => ({
  onLCP: (callback: Callback) => (callbacks.LCP = callback),
  onCLS: (callback: Callback) => (callbacks.CLS = callback),
  onINP: (callback: Callback) => (callbacks.INP = callback),
}));

const metric = (name: 'LCP' | 'CLS' | 'INP', value: number, id = `${name}-1`) =>
  ({
    name,
    value,
    id,
    delta: value,
    rating: 'good',
    entries: [],
    navigationType: 'navigate',
  }) as Metric;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('reporting Web Vitals', () => {
  const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);

  beforeAll(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  });
  afterEach(() => {
    sendBeacon.mockClear();
    setVisibility('visible');
  });

  it("beacons the landing page's pattern and its metrics to the api as the page is hidden", () => {
    reportWebVitals('http://localhost:5000/api/vitals', '/verify-email/3f9a-secret-token');
    callbacks.LCP!(metric('LCP', 2210.4));
    callbacks.INP!(metric('INP', 72));
    expect(sendBeacon).not.toHaveBeenCalled();

    // web-vitals reports CLS from its own visibilitychange listener, before the beacon leaves.
    const late = () => callbacks.CLS!(metric('CLS', 0.02));
    window.addEventListener('visibilitychange', late, { capture: true, once: true });
    setVisibility('hidden');

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('http://localhost:5000/api/vitals');
    // A string: sendBeacon labels it text/plain, a type that needs no CORS preflight.
    expect(typeof body).toBe('string');
    expect(JSON.parse(body as string)).toEqual({
      route: '/verify-email/:token',
      metrics: [
        { name: 'LCP', value: 2210 },
        { name: 'INP', value: 72 },
        { name: 'CLS', value: 0.02 },
      ],
    });
    expect(body).not.toContain('secret');
  });

  it('sends nothing while the page stays visible, or when nothing new was reported', () => {
    reportWebVitals('/api/vitals', '/');
    setVisibility('visible');
    setVisibility('hidden');
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
