import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailySales } from '@store/contract';

// SVG attributes take literal colours; these mirror the tokens in shared/src/ui/tokens.css.
const COLORS = {
  grid: '#2f3363',
  axis: '#a7abd0',
  sales: '#a78bfa',
  revenue: '#22c55e',
  surface: '#181a33',
};

/** Loaded lazily so recharts is fetched only when the Analytics tab opens. */
export default function SalesChart({ data }: { data: DailySales[] }) {
  return (
    <ResponsiveContainer width="100%" height={320} initialDimension={{ width: 640, height: 320 }}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} />
        <XAxis dataKey="name" stroke={COLORS.axis} />
        <YAxis yAxisId="left" stroke={COLORS.sales} allowDecimals={false} />
        <YAxis
          yAxisId="right"
          orientation="right"
          stroke={COLORS.revenue}
          tickFormatter={(value: number) => `$${value}`}
        />
        <Tooltip
          contentStyle={{ background: COLORS.surface, border: `1px solid ${COLORS.grid}` }}
        />
        <Legend />
        <Line
          yAxisId="left"
          type="monotone"
          dataKey="sales"
          name="Sales"
          stroke={COLORS.sales}
          activeDot={{ r: 6 }}
        />
        <Line
          yAxisId="right"
          type="monotone"
          dataKey="revenue"
          name="Revenue"
          stroke={COLORS.revenue}
          activeDot={{ r: 6 }}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
