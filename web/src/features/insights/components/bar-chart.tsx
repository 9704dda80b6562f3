// Bar charts drawn as plain SVG (ADR 37): a few kilobytes instead of a charting library. The
// picture is one image named by the chart's finding; its numbers are in the chart's table.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Colours that keep 3:1 against white (graphics) and tell series apart beside the legend. */
export const seriesColours = [
  { fill: 'fill-brand', swatch: 'bg-brand' },
  { fill: 'fill-sky-700', swatch: 'bg-sky-700' },
  { fill: 'fill-stone-500', swatch: 'bg-stone-500' },
  { fill: 'fill-emerald-700', swatch: 'bg-emerald-700' },
  { fill: 'fill-violet-700', swatch: 'bg-violet-700' },
] as const;

export type SeriesColour = (typeof seriesColours)[number];

export type BarSeries = { key: string; label: string; colour: SeriesColour };

type BarChartProps = {
  /** The picture's accessible name (the finding). */
  label: string;
  categories: { key: string; label: string }[];
  series: BarSeries[];
  /** values[category][series] */
  values: number[][];
  layout: 'stacked' | 'grouped';
  formatValue: (value: number) => string;
  /** Counts: the axis steps by whole numbers (no "0.5 members"). */
  wholeNumbers?: boolean;
};

const height = 280;
const margin = { top: 12, right: 12, bottom: 36, left: 72 };
const plotHeight = height - margin.top - margin.bottom;
/** The width drawn where the element's own cannot be measured (tests, the first render). */
const defaultWidth = 720;

/**
 * The element's width in CSS pixels, followed as it changes: the chart is drawn at the width
 * it has, so its text stays readable on a phone and nothing scrolls sideways.
 */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(defaultWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A round step for about `count` gridlines over `span`: 1, 2 or 5 times a power of ten. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= raw) ?? 10 * power;
}

/** The value axis: from below the lowest bar (0 at least) to above the highest, in round steps. */
function valueAxis(values: number[][], layout: BarChartProps['layout'], wholeNumbers: boolean) {
  let low = 0;
  let high = 0;
  for (const row of values) {
    if (layout === 'stacked') {
      let up = 0;
      let down = 0;
      for (const value of row) {
        if (value >= 0) up += value;
        else down += value;
      }
      high = Math.max(high, up);
      low = Math.min(low, down);
    } else {
      high = Math.max(high, ...row);
      low = Math.min(low, ...row);
    }
  }
  const nice = niceStep(high - low || 1, 4);
  const step = wholeNumbers ? Math.max(1, nice) : nice;
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(tick);
  return { min, max, ticks };
}

export function BarChart({
  label,
  categories,
  series,
  values,
  layout,
  formatValue,
  wholeNumbers = false,
}: BarChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const plotWidth = Math.max(1, width - margin.left - margin.right);
  const { min, max, ticks } = valueAxis(values, layout, wholeNumbers);
  const y = (value: number) => margin.top + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const band = plotWidth / Math.max(categories.length, 1);
  const barWidth = Math.max(1, band * 0.7);
  // A label every 64 px at most along the bottom: every day of a year would overlap.
  const labelEvery = Math.ceil(categories.length / Math.max(1, Math.floor(plotWidth / 64)));

  return (
    <div>
      <div ref={frame}>
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block max-w-full"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={margin.left}
                x2={width - margin.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? 'stroke-stone-500' : 'stroke-stone-200'}
              />
              <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-stone-700 text-[11px]">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {categories.map((category, index) => {
            const x = margin.left + index * band + (band - barWidth) / 2;
            const row = values[index] ?? [];
            let up = 0;
            let down = 0;
            return (
              <g key={category.key}>
                {series.map((entry, seriesIndex) => {
                  const value = row[seriesIndex] ?? 0;
                  if (value === 0) return null;
                  let from = 0;
                  let barX = x;
                  let thisWidth = barWidth;
                  if (layout === 'stacked') {
                    from = value >= 0 ? up : down;
                    if (value >= 0) up += value;
                    else down += value;
                  } else {
                    thisWidth = barWidth / series.length;
                    barX = x + seriesIndex * thisWidth;
                  }
                  const top = y(Math.max(from, from + value));
                  const bottom = y(Math.min(from, from + value));
                  return (
                    <rect
                      key={entry.key}
                      x={barX}
                      y={top}
                      width={Math.max(1, thisWidth - (layout === 'grouped' ? 1 : 0))}
                      height={Math.max(1, bottom - top)}
                      className={`${entry.colour.fill} stroke-white`}
                      strokeWidth={layout === 'stacked' && barWidth > 4 ? 1 : 0}
                    >
                      <title>{`${category.label}, ${entry.label}: ${formatValue(value)}`}</title>
                    </rect>
                  );
                })}
                {index % labelEvery === 0 && (
                  <text
                    x={margin.left + index * band + band / 2}
                    y={height - margin.bottom + 18}
                    textAnchor="middle"
                    className="fill-stone-700 text-[11px]"
                  >
                    {category.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <Legend series={series} />
    </div>
  );
}

/** Which colour is which series, in words beside each swatch. */
export function Legend({ series }: { series: BarSeries[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
      {series.map((entry) => (
        <li key={entry.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${entry.colour.swatch}`} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

export type RankedBar = { key: string; label: string; value: number; text: string };

/** Horizontal bars with their label and number in words: a ranking, readable as it is. */
export function RankedBars({ label, bars, colour }: { label: string; bars: RankedBar[]; colour: SeriesColour }) {
  const highest = Math.max(...bars.map((bar) => bar.value), 0);
  return (
    <ol aria-label={label} className="space-y-2">
      {bars.map((bar) => (
        <li key={bar.key} className="grid grid-cols-[minmax(0,12rem)_1fr] items-center gap-3 text-sm">
          <span className="truncate text-stone-800" title={bar.label}>
            {bar.label}
          </span>
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-block h-4 rounded-sm ${colour.swatch}`}
              style={{ width: `${highest > 0 ? Math.max(1, (bar.value / highest) * 100) : 1}%` }}
            />
            <span className="whitespace-nowrap text-stone-700">{bar.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
