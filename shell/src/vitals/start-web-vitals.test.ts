import { reportWebVitals } from './report-web-vitals';
import { startWebVitals } from './start-web-vitals';

jest.mock('./report-web-vitals', () => ({ reportWebVitals: jest.fn() }));

const report = jest.mocked(reportWebVitals);

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

// The dynamic import resolves over a few microtask turns.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('starting Web Vitals', () => {
  let idle: jest.Mock;

  beforeEach(() => {
    report.mockClear();
    idle = jest.fn();
    Object.assign(window, { requestIdleCallback: idle });
    window.history.replaceState(null, '', '/category/digital-art?sort=name');
  });
  afterEach(() => setReadyState('complete'));

  it('loads the reporter only after the load event, once the main thread is idle', async () => {
    setReadyState('loading');
    startWebVitals('http://localhost:5000/api/');
    // The router moves on before the reporter loads; the landing path is what counts.
    window.history.replaceState(null, '', '/login');
    await settle();
    expect(idle).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledTimes(1);
    await settle();
    expect(report).not.toHaveBeenCalled();

    (idle.mock.calls[0]![0] as () => void)();
    await settle();
    expect(report).toHaveBeenCalledWith(
      'http://localhost:5000/api/vitals',
      '/category/digital-art',
    );
  });

  it('waits only for idle when the page has already loaded, without requestIdleCallback too', async () => {
    setReadyState('complete');
    Object.assign(window, { requestIdleCallback: undefined });
    startWebVitals('/api');
    await settle();
    await settle();
    expect(report).toHaveBeenCalledWith('/api/vitals', '/category/digital-art');
  });
});
