import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '../lib/use-format.ts';

/**
 * A small line chart of a child's figures over time (results' averages by term, attendance rate
 * by month). Loaded on demand (lazy) so the details page does not wait for the chart library. It
 * is a picture of the table beside it, which carries the same figures for screen readers, so the
 * chart itself is hidden from them and takes no keyboard focus.
 */
export interface TrendSeries {
  key: string;
  label: string;
  /** A CSS colour; the brand teal and two contrasting hues by default order. */
  color?: string;
}

export interface TrendChartProps {
  points: readonly ({ label: string } & Record<string, number | string | null>)[];
  series: readonly TrendSeries[];
  /** The top of the scale (100 for scores and rates). */
  max?: number;
  /** '%': the values are percentages (0-100), written as such on the scale and in the tooltip. */
  unit?: '%';
}

const COLORS = ['#0f766e', '#b45309', '#6d28d9'];

export default function TrendChart({ points, series, max = 100, unit }: TrendChartProps) {
  const format = useFormat();
  // The scale and tooltip in the reader's digits, like the table beside the chart.
  const value = (v: number) => (unit === '%' ? format.number(v / 100, { style: 'percent', maximumFractionDigits: 1 }) : format.number(v));
  return (
    <div aria-hidden className="h-48 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points as never[]} margin={{ top: 8, right: 12, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="label" tick={{ fill: 'currentColor' }} stroke="currentColor" strokeOpacity={0.4} interval="preserveStartEnd" />
          <YAxis domain={[0, max]} tick={{ fill: 'currentColor' }} stroke="currentColor" strokeOpacity={0.4} tickFormatter={value} />
          <Tooltip formatter={(v) => (typeof v === 'number' ? value(v) : String(v ?? ''))} />
          {series.length > 1 ? <Legend /> : null}
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color ?? COLORS[i % COLORS.length]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
