import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { css } from '../../../styled-system/css';

/**
 * A chart of the Reports page: uPlot on a canvas, lazy-loaded with this module by the reports view
 * only. The canvas is hidden from screen readers (the table under the figure lists the same
 * figures); uPlot's live legend stays in the page and shows, at the cursor, the bucket's time and
 * each series' value, formatted as the table formats them.
 */
export type UsageChartProps = {
  /** Bucket starts, Unix seconds. */
  times: number[];
  /**
   * Traffic: [Received, Sent], drawn as lines; connections: [Connections], a single series is drawn as bars.
   * A series' own `formatValue` writes its values in the legend (as its column in the table does).
   */
  series: { label: string; values: number[]; formatValue?: (value: number) => string }[];
  /** The value axis's labels, and the legend's where a series has no formatter of its own. */
  formatValue: (value: number) => string;
  formatTime: (seconds: number) => string;
};

/** Height of the plot with its axes, CSS pixels; the legend adds a line (two on a narrow screen) below. */
export const plotHeight = 220;

// uPlot reads matchMedia as it loads, draws on a 2D canvas and follows the width here with a
// ResizeObserver: where one is missing (jsdom in the view tests) the chart stays an empty box, and
// if its code cannot be loaded too; the table under it has the figures.
const canDraw =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  typeof ResizeObserver === 'function' &&
  typeof CanvasRenderingContext2D === 'function';
const uPlotLoading: Promise<typeof uPlot | null> = canDraw
  ? import('uplot').then(
      (module) => module.default,
      () => null,
    )
  : Promise.resolve(null);

/** uPlot once its code is there; null before, and where the chart cannot be drawn. */
function useUPlot(): typeof uPlot | null {
  const [loaded, setLoaded] = useState<typeof uPlot | null>(null);
  useEffect(() => {
    if (!canDraw) return;
    let mounted = true;
    void uPlotLoading.then((UPlot) => {
      if (mounted) setLoaded(() => UPlot);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return loaded;
}

type Formatters = Pick<UsageChartProps, 'formatValue' | 'formatTime'>;

export type ChartData = [number[], ...number[][]];

/** The series aligned on the times, ascending (uPlot needs that); a value missing is 0. */
export function chartData(times: readonly number[], series: readonly { values: readonly number[] }[]): ChartData {
  const order = times.map((_, index) => index).sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  return [
    order.map((index) => times[index] ?? 0),
    ...series.map(({ values }) => order.map((index) => values[index] ?? 0)),
  ];
}

export function sameData(a: readonly (ArrayLike<number | null | undefined> | undefined)[], b: ChartData): boolean {
  return (
    a.length === b.length &&
    b.every((column, i) => {
      const other = a[i];
      return other !== undefined && other.length === column.length && column.every((value, j) => other[j] === value);
    })
  );
}

/**
 * Steps of the value axis: powers of two, so counts get whole ticks and byte sizes round binary
 * ones (256 KB, 512 KB, 1 MB), which formatBytes (base 1024) writes short.
 */
export const binaryIncrs = Array.from({ length: 63 }, (_, power) => 2 ** power);

/** Day buckets start at midnight UTC, and the view writes them as UTC dates: the time axis counts in UTC then. */
export function isDaily(times: readonly number[]): boolean {
  return times.length > 1 && Math.abs((times[1] ?? 0) - (times[0] ?? 0)) >= 86_400;
}

/** What the formatters write for a few figures: the same text means the same labels, nothing to redraw. */
export function formatSignature(format: Formatters, times: readonly number[]): string {
  return [format.formatTime(times[0] ?? 0), ...[0, 1, 1536, 10 ** 9].map(format.formatValue)].join('\n');
}

/** The value axis starts at 0 and leaves a little room above the highest value. */
export function valueRange(max: number | null): [number, number] {
  return [0, max !== null && max > 0 ? max * 1.08 : 1];
}

/** Half a bucket each side, so the first and last bars are whole and the cursor can reach them. */
export function timeRange(times: readonly number[], min: number | null, max: number | null): [number, number] {
  const first = min ?? 0;
  const last = max ?? first;
  const step = times.length > 1 ? Math.abs((times[1] ?? 0) - (times[0] ?? 0)) : 3600;
  return [first - step / 2, last + step / 2];
}

/** A colour as `#rgb`, `#rrggbb` or `rgb(…)` with an opacity; null when it is written another way. */
export function withAlpha(color: string, alpha: number): string | null {
  const value = color.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  const hex = short ? short.slice(1).map((digit) => digit + digit) : long?.slice(1);
  if (hex) return `rgba(${hex.map((pair) => Number.parseInt(pair, 16)).join(', ')}, ${alpha})`;
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(value);
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : null;
}

// The theme's colours (src/theme/preset.ts) as Panda writes them: CSS variables that the classes
// `dark` and `miri` on <html> switch.
const colorVariables = {
  first: '--colors-accent-default',
  second: '--colors-chart-second',
  axis: '--colors-fg-muted',
  grid: '--colors-border',
} as const;
type ChartColors = Record<keyof typeof colorVariables, string>;

/** The colours as resolved now, one string, so a theme change that changes nothing draws nothing. */
function themeColorsText(): string {
  if (typeof document === 'undefined') return '';
  const style = getComputedStyle(document.documentElement);
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(colorVariables).map(([role, variable]) => [role, style.getPropertyValue(variable).trim()]),
    ),
  );
}

function chartColors(text: string): ChartColors {
  const read = (text ? JSON.parse(text) : {}) as Partial<ChartColors>;
  const axis = read.axis || '#4a5a54';
  return {
    first: read.first || '#047857',
    second: read.second || axis,
    axis,
    grid: read.grid || '#d4dbd8',
  };
}

const darkQuery = '(prefers-color-scheme: dark)';

/** Calls back when the theme may have changed: a class or data attribute of <html>, or the system's scheme. */
function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : null;
  query?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', onChange);
  };
}

/**
 * A label for the left-to-right canvas that keeps its own direction: an Arabic date ("20/11/2026، 8:00 م")
 * would otherwise be drawn with its parts out of order.
 */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** Width in CSS pixels of a text in an axis' font. */
function textWidth(plot: uPlot, axisIndex: number, text: string): number {
  const font = plot.axes[axisIndex]?.font;
  plot.ctx.font = Array.isArray(font) ? String(font[0]) : '12px sans-serif';
  return plot.ctx.measureText(text).width / (window.devicePixelRatio || 1);
}

function chartOptions(
  UPlot: typeof uPlot,
  options: {
    width: number;
    timeLabel: string;
    labels: string[];
    daily: boolean;
    colors: ChartColors;
    format: { current: Formatters & Pick<UsageChartProps, 'series'> };
    times: () => readonly number[];
  },
): uPlot.Options {
  const { colors, format } = options;
  const bars = options.labels.length === 1;
  const seriesColors = [colors.first, colors.second];
  const legendValue = (index: number) => (_plot: uPlot, raw: number | null) =>
    raw === null ? '—' : (format.current.series[index]?.formatValue ?? format.current.formatValue)(raw);
  const axis = {
    stroke: colors.axis,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
  };
  const timeLabelWidth = (plot: uPlot) => {
    const sample = options.times()[0];
    return textWidth(plot, 0, sample === undefined ? '' : format.current.formatTime(sample));
  };
  return {
    width: options.width,
    height: plotHeight,
    padding: [12, 8, 0, 0],
    tzDate: options.daily ? (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC') : undefined,
    cursor: { drag: { x: false, y: false }, y: false },
    legend: {
      markers: { dash: (plot, index) => (plot.series[index]?.dash ? 'dashed' : 'solid') },
    },
    scales: {
      x: { time: true, range: bars ? (_plot, min, max) => timeRange(options.times(), min, max) : undefined },
      y: { range: (_plot, _min, max) => valueRange(max) },
    },
    series: [
      {
        label: options.timeLabel,
        value: (_plot, raw) => (raw === null ? '—' : format.current.formatTime(raw)),
      },
      ...options.labels.map((label, index): uPlot.Series => {
        const color = seriesColors[index % seriesColors.length] ?? colors.first;
        return {
          label,
          stroke: color,
          // Bars are filled without an outline, so a bucket without connections draws nothing.
          width: bars ? 0 : 2,
          fill: withAlpha(color, bars ? 0.8 : index === 0 ? 0.16 : 0.08) ?? (bars ? color : undefined),
          dash: index === 1 ? [6, 4] : undefined,
          paths: bars ? UPlot.paths.bars?.({ size: [0.7, 40], gap: 1 }) : undefined,
          points: bars ? { show: false } : undefined,
          value: legendValue(index),
        };
      }),
    ],
    axes: [
      {
        ...axis,
        // Room for a whole time label and a gap, so the labels never run into each other.
        space: (plot) => timeLabelWidth(plot) + 32,
        values: (plot, splits) => {
          // A label that would stick out of the chart at either end is left out.
          const half = timeLabelWidth(plot) / 2;
          const left = plot.bbox.left / (window.devicePixelRatio || 1);
          return splits.map((split) => {
            const at = left + plot.valToPos(split, 'x');
            return at - half < 0 || at + half > plot.width ? null : isolated(format.current.formatTime(split));
          });
        },
      },
      {
        ...axis,
        incrs: binaryIncrs,
        values: (_plot, splits) => splits.map((split) => isolated(format.current.formatValue(split))),
        // As wide as the widest label.
        size: (plot, values, axisIndex) => {
          const widest = (values ?? []).reduce((max, text) => Math.max(max, textWidth(plot, axisIndex, text)), 0);
          return Math.ceil(widest + 18);
        },
      },
    ],
  };
}

/** The chart: as wide as its container, {@link plotHeight} high, left to right in every language. */
export default function UsageChart({ times, series, formatValue, formatTime }: UsageChartProps) {
  const { t } = useLingui();
  const UPlot = useUPlot();
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // uPlot's callbacks read the props of the last render.
  const latest = useRef({ times, series, formatValue, formatTime });
  const drawnFormat = useRef('');
  useLayoutEffect(() => {
    latest.current = { times, series, formatValue, formatTime };
  });
  const colorsText = useSyncExternalStore(subscribeTheme, themeColorsText, () => '');
  const timeLabel = t`Time`;
  const labelsText = series.map((one) => one.label).join('\n');
  const daily = isDaily(times);

  // A new chart for new series or a new theme; new figures of the same series go to setData below.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !UPlot) return;
    const colors = chartColors(colorsText);
    const options = chartOptions(UPlot, {
      width: box.clientWidth,
      timeLabel,
      labels: labelsText.split('\n'),
      daily,
      colors,
      format: latest,
      times: () => latest.current.times,
    });
    const plot = new UPlot(options, chartData(latest.current.times, latest.current.series), box);
    plot.root.querySelector('.u-wrap')?.setAttribute('aria-hidden', 'true');
    // uPlot's own style sheet draws the cursor line in one grey; the theme's muted text reads on every canvas.
    for (const line of plot.root.querySelectorAll<HTMLElement>('.u-cursor-x, .u-cursor-y'))
      line.style.borderColor = colors.axis;
    plotRef.current = plot;
    drawnFormat.current = formatSignature(latest.current, latest.current.times);
    const resize = new ResizeObserver(() => {
      if (box.clientWidth > 0 && box.clientWidth !== plot.width)
        plot.setSize({ width: box.clientWidth, height: plotHeight });
    });
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [UPlot, timeLabel, labelsText, daily, colorsText]);

  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    const data = chartData(times, series);
    const signature = formatSignature({ formatValue, formatTime }, times);
    if (!sameData(plot.data, data)) plot.setData(data);
    // The same figures in another language or time zone: the axes' labels again.
    else if (signature !== drawnFormat.current) plot.redraw(false, true);
    drawnFormat.current = signature;
  }, [times, series, formatValue, formatTime]);

  return <div ref={boxRef} dir="ltr" className={chartBox} />;
}

const chartBox = css({
  width: '100%',
  minHeight: `${plotHeight}px`,
  color: 'fg.default',
  // uPlot's style sheet is not in a cascade layer and wins over these for what it sets itself.
  '& .u-legend .u-value': { fontVariantNumeric: 'tabular-nums' },
  // In the left-to-right chart, a right-to-left language's times and labels keep their own direction.
  '& .u-legend .u-value, & .u-legend .u-label': { unicodeBidi: 'plaintext' },
});
