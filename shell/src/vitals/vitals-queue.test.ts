import type { VitalsBeacon } from '@store/contract';
import { createVitalsQueue, MAX_METRICS_PER_BEACON } from './vitals-queue';

function queueFor(route: Parameters<typeof createVitalsQueue>[0] = '/') {
  const beacons: VitalsBeacon[] = [];
  const queue = createVitalsQueue(route, (beacon) => beacons.push(beacon));
  return { queue, beacons };
}

describe('the Web Vitals queue', () => {
  it('sends what was reported as one beacon when flushed, and nothing when empty', () => {
    const { queue, beacons } = queueFor('/category/:category');
    queue.flush();
    expect(beacons).toEqual([]);
    queue.add({ name: 'LCP', value: 1834.3, id: 'v5-1' });
    queue.add({ name: 'CLS', value: 0.123456, id: 'v5-2' });
    queue.add({ name: 'INP', value: 96, id: 'v5-3' });
    queue.flush();
    expect(beacons).toEqual([
      {
        route: '/category/:category',
        metrics: [
          { name: 'LCP', value: 1834 },
          { name: 'CLS', value: 0.1235 },
          { name: 'INP', value: 96 },
        ],
      },
    ]);
  });

  it('sends each metric of a page load once: a later report of it is dropped', () => {
    const { queue, beacons } = queueFor();
    queue.add({ name: 'CLS', value: 0.05, id: 'cls-1' });
    queue.add({ name: 'CLS', value: 0.08, id: 'cls-1' });
    queue.flush();
    // The visitor came back to the tab and left again: same page load, same metric.
    queue.add({ name: 'CLS', value: 0.3, id: 'cls-1' });
    queue.add({ name: 'INP', value: 180, id: 'inp-1' });
    queue.flush();
    // A bfcache return is a new page load with new ids.
    queue.add({ name: 'CLS', value: 0.01, id: 'cls-2' });
    queue.flush();
    expect(beacons.map((beacon) => beacon.metrics)).toEqual([
      [{ name: 'CLS', value: 0.08 }],
      [{ name: 'INP', value: 180 }],
      [{ name: 'CLS', value: 0.01 }],
    ]);
  });

  it("keeps values within the api's bounds, counting a slower page at the bound", () => {
    const { queue, beacons } = queueFor();
    queue.add({ name: 'LCP', value: 125_000, id: 'a' });
    queue.add({ name: 'INP', value: -3, id: 'b' });
    queue.add({ name: 'CLS', value: 14.2, id: 'c' });
    queue.flush();
    expect(beacons[0]!.metrics).toEqual([
      { name: 'LCP', value: 60_000 },
      { name: 'INP', value: 0 },
      { name: 'CLS', value: 10 },
    ]);
  });

  it(`splits more than ${MAX_METRICS_PER_BEACON} metrics over several beacons`, () => {
    const { queue, beacons } = queueFor('/faq');
    for (let index = 0; index < 23; index += 1) {
      queue.add({ name: 'CLS', value: 0, id: `id-${index}` });
    }
    queue.flush();
    expect(beacons.map((beacon) => [beacon.route, beacon.metrics.length])).toEqual([
      ['/faq', 10],
      ['/faq', 10],
      ['/faq', 3],
    ]);
  });
});
