/*
 * The drawings behind ChartCard, on recharts. Only modules loaded on demand import this file (the analytics tab,
 * the dashboard's and the Commission Tracker's charts), so the library stays out of the shell and of every screen
 * without a chart. Values arrive as plain numbers: counts, days, or pounds (money converted from pence by the
 * caller); money reads "£12,000" on axes and "£12,000.50" in tooltips.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatGBP } from '../lib/format.ts';

/**
 * The palette of the community's category badges (their dots), in order: blue, emerald, amber, violet, sky, rose.
 * The hex after each variable is the same colour, for when the variable is absent.
 */
export const CHART_COLOURS = [
  'var(--color-blue-500, #3b82f6)',
  'var(--color-emerald-500, #10b981)',
  'var(--color-amber-500, #f59e0b)',
  'var(--color-violet-500, #8b5cf6)',
  'var(--color-sky-500, #0ea5e9)',
  'var(--color-rose-500, #f43f5e)',
] as const;

/** One series of a chart: the field it reads, its name in the legend and tooltip, and its colour. */
export interface Series {
  key: string;
  label: string;
  colour?: string;
}

type Datum = Record<string, string | number | null>;

const AXIS = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const count = (n: number) => n.toLocaleString('en-GB');

function valueFormats(money: boolean, unit?: string) {
  if (money) return { axis: (n: number) => formatGBP(n), tip: (n: number) => formatGBP(n, 2) };
  const withUnit = (n: number) => `${count(n)}${unit ? ` ${unit}` : ''}`;
  return { axis: count, tip: withUnit };
}

/**
 * Bars per category (`x`), one bar per series or stacked; `horizontal` lays the categories down the side (stage
 * names, long labels). `title` and `summary` name the drawing for assistive technology; it takes focus, and the
 * arrow keys move its tooltip from bar to bar.
 */
export function BarChartView({
  data,
  x,
  series,
  stacked = false,
  money = false,
  unit,
  horizontal = false,
  tick,
  tipLabel,
  title,
  summary,
}: {
  data: readonly Datum[];
  x: string;
  series: readonly Series[];
  stacked?: boolean;
  money?: boolean;
  unit?: string;
  horizontal?: boolean;
  tick?: (value: string) => string;
  tipLabel?: (value: string) => string;
  title: string;
  summary: string;
}) {
  const f = valueFormats(money, unit);
  const category = { dataKey: x, tick: AXIS, tickFormatter: tick, tickLine: false, axisLine: false, interval: 'preserveStartEnd' as const };
  const value = { tick: AXIS, tickFormatter: f.axis, tickLine: false, axisLine: false, allowDecimals: false, width: money ? 72 : 40 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data as Datum[]} layout={horizontal ? 'vertical' : 'horizontal'} title={title} desc={summary} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={horizontal} horizontal={!horizontal} stroke="var(--color-border)" />
        {horizontal ? (
          <>
            <XAxis type="number" {...value} />
            <YAxis type="category" {...category} width={110} interval={0} />
          </>
        ) : (
          <>
            <XAxis {...category} minTickGap={8} />
            <YAxis {...value} />
          </>
        )}
        <Tooltip
          cursor={{ fill: 'var(--color-muted)' }}
          formatter={(v) => f.tip(Number(v))}
          labelFormatter={(l) => (tipLabel ? tipLabel(String(l)) : tick ? tick(String(l)) : String(l))}
          contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
        />
        {series.length > 1 && <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId={stacked ? 'stack' : undefined}
            fill={s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length]}
            radius={stacked && i < series.length - 1 ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Lines over time, one per series (the community's weeks); the same naming and keyboard as the bars. */
export function LineChartView({
  data,
  x,
  series,
  tick,
  tipLabel,
  title,
  summary,
}: {
  data: readonly Datum[];
  x: string;
  series: readonly Series[];
  tick?: (value: string) => string;
  tipLabel?: (value: string) => string;
  title: string;
  summary: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data as Datum[]} title={title} desc={summary} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey={x} tick={AXIS} tickFormatter={tick} tickLine={false} axisLine={false} minTickGap={8} />
        <YAxis tick={AXIS} tickFormatter={count} tickLine={false} axisLine={false} allowDecimals={false} width={40} />
        <Tooltip
          formatter={(v) => count(Number(v))}
          labelFormatter={(l) => (tipLabel ? tipLabel(String(l)) : String(l))}
          contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
        />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
