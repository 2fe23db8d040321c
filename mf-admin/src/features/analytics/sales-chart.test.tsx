import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import SalesChart from './sales-chart';

// jsdom cannot lay out SVG, so recharts is replaced by elements that expose the wiring.
jest.mock('recharts', () => {
  const box =
    (kind: string) =>
    ({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) => (
      <div
        data-kind={kind}
        data-axis={String(props.yAxisId ?? '')}
        data-orientation={String(props.orientation ?? 'left')}
        data-key={String(props.dataKey ?? '')}
        data-points={Array.isArray(props.data) ? props.data.length : undefined}
      >
        {children}
      </div>
    );
  return {
    ResponsiveContainer: box('container'),
    LineChart: box('chart'),
    CartesianGrid: box('grid'),
    XAxis: box('x'),
    YAxis: box('y'),
    Tooltip: box('tooltip'),
    Legend: box('legend'),
    Line: box('line'),
  };
});

const byKind = (kind: string) =>
  [...document.querySelectorAll(`[data-kind="${kind}"]`)].map((node) => ({
    axis: node.getAttribute('data-axis'),
    orientation: node.getAttribute('data-orientation'),
    key: node.getAttribute('data-key'),
  }));

describe('SalesChart', () => {
  it('plots sales on the left Y axis and revenue on the right Y axis', () => {
    render(
      <SalesChart
        data={[
          { name: '2026-03-14', sales: 4, revenue: 80 },
          { name: '2026-03-15', sales: 7, revenue: 140 },
        ]}
      />,
    );
    expect(document.querySelector('[data-kind="chart"]')).toHaveAttribute('data-points', '2');
    expect(byKind('y')).toEqual([
      { axis: 'left', orientation: 'left', key: '' },
      { axis: 'right', orientation: 'right', key: '' },
    ]);
    expect(byKind('line')).toEqual([
      { axis: 'left', orientation: 'left', key: 'sales' },
      { axis: 'right', orientation: 'left', key: 'revenue' },
    ]);
    expect(byKind('x')[0]?.key).toBe('name');
  });
});
