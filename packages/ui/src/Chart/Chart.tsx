import { vars } from '@cairn/tokens';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import * as styles from './Chart.css.ts';

export const CHART_COLORS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** One of the scheme's eight chart colours (`vars.chart.series1` ...). */
export type ChartColor = (typeof CHART_COLORS)[number];

export interface ChartSeries {
  label: string;
  /** One value per `x`; null leaves a gap. */
  values: readonly (number | null)[];
  /** Default: the series' position in the list. */
  color?: ChartColor;
  /** A dashed line, for a comparison such as the previous period. */
  dashed?: boolean;
  /**
   * Bars from zero instead of a line: counts per bucket where each bucket stands alone (clicks per minute),
   * rather than a trend to follow between points.
   */
  bars?: boolean;
}

export interface ChartProps {
  /** What the picture shows, in words: its accessible name (the numbers belong in a table beside it). */
  label: string;
  /** Times of the points as Unix seconds, ascending. */
  x: readonly number[];
  /** Lines over `x`. Memoise `x` and `series`: a new array redraws the chart. */
  series: readonly ChartSeries[];
  /** Height in px (default 240). */
  height?: number;
  /** Width in px; by default the chart fills its container and follows its width. */
  width?: number;
  /** The zone the time axis is labelled in (default UTC). */
  timeZone?: string;
  /** Y-axis and read-out values (default: the number in `locale`). Memoise it too. */
  formatValue?: (value: number) => string;
  /** The time of a point in the read-out under the chart. */
  formatTime?: (seconds: number) => string;
  /** Locale of the time axis labels (default en-US). */
  locale?: string;
  /**
   * Seconds from one point to the next when the points are buckets (an hour, a day): the time axis then
   * ticks no closer than that, so a chart of days never labels the hours between them.
   */
  step?: number;
}

const colorVars = [
  vars.chart.series1,
  vars.chart.series2,
  vars.chart.series3,
  vars.chart.series4,
  vars.chart.series5,
  vars.chart.series6,
  vars.chart.series7,
  vars.chart.series8,
];

const cssVarName = (reference: string) => /var\((--[^,)]+)/.exec(reference)?.[1] ?? reference;
const colorVarOf = (series: ChartSeries, index: number) =>
  colorVars[((series.color ?? (index % 8) + 1) - 1) % 8] as string;

// jsdom and other DOMs without a 2D canvas get the legend and the read-out, never a drawing.
const canDraw = () => typeof CanvasRenderingContext2D !== 'undefined';

type UPlotClass = typeof uPlot;
// uPlot loads on the first chart's demand; later charts and redraws build at once from this.
let loadedUPlot: UPlotClass | undefined;
const loadUPlot = () =>
  import('uplot').then(({ default: UPlot }) => {
    loadedUPlot = UPlot;
    return UPlot;
  });

const numberFormats = new Map<string, (value: number) => string>();
/** The number in the locale's digits and separators, one function per locale so effects stay still. */
function numberIn(locale: string): (value: number) => string {
  let format = numberFormats.get(locale);
  if (!format) {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    format = (value: number) => intl.format(value);
    numberFormats.set(locale, format);
  }
  return format;
}
const isoMinute = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** Half the distance between neighbouring points, so bars at either end are drawn whole, not cut in two. */
function barPadding(x: readonly number[], step: number | undefined): number {
  if (step) return step / 2;
  let smallest = Number.POSITIVE_INFINITY;
  for (let index = 1; index < x.length; index += 1)
    smallest = Math.min(smallest, (x[index] as number) - (x[index - 1] as number));
  return Number.isFinite(smallest) ? smallest / 2 : 30;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** uPlot's own time-axis increments from a second up (its list, in seconds), for a chart to pick from. */
const TIME_INCREMENTS = [
  ...[1, 5, 10, 15, 30, 60, 300, 600, 900, 1800],
  ...[1, 2, 3, 4, 6, 8, 12].map((hours) => hours * HOUR),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15].map((days) => days * DAY),
  ...[1, 2, 3, 4, 6].map((months) => months * MONTH),
  ...[1, 2, 5, 10].map((years) => years * YEAR),
];

/**
 * Time-axis labels in the chart's locale and zone: dates when the ticks are a day or more apart, else
 * times, with the date where a day begins. Ticks on whole hours drop the ":00" in a 12-hour locale
 * ("10 AM"): hourly ticks of a day across a page are about 55 px apart, and "10:00 AM" ran into the next.
 */
function timeAxisValues(locale: string, timeZone: string): uPlot.Axis.DynamicValues {
  const zone = timeZone === 'UTC' ? 'Etc/UTC' : timeZone;
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, month: 'short', day: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  const wholeHour = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric' });
  const twelveHour = ['h11', 'h12'].includes(wholeHour.resolvedOptions().hourCycle ?? '');
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
  return (_self, splits, _axis, _space, increment) =>
    splits.map((seconds) => {
      if (seconds == null) return null;
      const instant = seconds * 1000;
      if (increment >= DAY) return date.format(instant);
      const clock = twelveHour && increment >= HOUR ? wholeHour : time;
      return hour.format(instant) === '00'
        ? `${date.format(instant)}\n${clock.format(instant)}`
        : clock.format(instant);
    });
}

/**
 * A small time-series line chart on uPlot (canvas, no animation): fixed size and data draw the same
 * pixels every time. The picture is an image named by `label`; the legend is text, and pointing at the
 * chart reads out the values under the pointer. Colours come from the theme and follow its changes.
 */
export function Chart({
  label,
  x,
  series,
  height = 240,
  width,
  timeZone = 'UTC',
  formatValue: givenFormat,
  formatTime = isoMinute,
  locale = 'en-US',
  step,
}: ChartProps) {
  const formatValue = givenFormat ?? numberIn(locale);
  const plotRef = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  const [themeVersion, setThemeVersion] = useState(0);
  const [readout, setReadout] = useState<number | null>(null);
  const chartWidth = width ?? measured;

  useEffect(() => {
    const element = plotRef.current;
    if (width !== undefined || !element) return;
    const update = () => setMeasured(Math.floor(element.getBoundingClientRect().width));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  // The theme lives in the root element's class and style; a canvas does not follow CSS by itself.
  useEffect(() => {
    const observer = new MutationObserver(() => setThemeVersion((version) => version + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);

  // A new width resizes the plot it has; only new data, options or theme build another.
  const widthRef = useRef(chartWidth);
  widthRef.current = chartWidth;
  const plotInstance = useRef<uPlot | null>(null);
  const hasWidth = chartWidth > 0;

  useEffect(() => {
    const element = plotRef.current;
    if (!element || !hasWidth || !canDraw()) return;
    void themeVersion;
    let plot: uPlot | undefined;
    let cancelled = false;
    const build = (UPlot: UPlotClass) => {
      const computed = getComputedStyle(element);
      const color = (reference: string) =>
        computed.getPropertyValue(cssVarName(reference)).trim() || computed.color;
      const font = `${computed.fontSize} ${computed.fontFamily}`;
      const axisColor = color(vars.chart.axis);
      const grid = { stroke: color(vars.chart.grid), width: 1 };
      const tzDate =
        timeZone === 'UTC'
          ? (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC')
          : (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), timeZone);
      const hasBars = series.some((line) => line.bars);
      const padding = hasBars ? barPadding(x, step) : 0;
      const barPaths = hasBars ? UPlot.paths.bars?.({ size: [0.75, 24], align: 0 }) : undefined;
      const options: uPlot.Options = {
        width: widthRef.current,
        height,
        tzDate,
        legend: { show: false },
        cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
        scales: {
          x: {
            time: true,
            ...(hasBars
              ? { range: (_u, min, max): uPlot.Range.MinMax => [(min ?? 0) - padding, (max ?? 0) + padding] }
              : {}),
          },
          // From zero: a metric's size matters as much as its shape, and a flat line must not fill the height.
          y: { range: (_u, min, max) => [Math.min(0, min ?? 0), max != null && max > 0 ? max * 1.1 : 1] },
        },
        series: [
          {},
          ...series.map((line, index) => ({
            label: line.label,
            stroke: color(colorVarOf(line, index)),
            width: line.bars ? 1 : 2,
            ...(line.dashed ? { dash: [6, 4] } : {}),
            ...(line.bars && barPaths ? { paths: barPaths, fill: color(colorVarOf(line, index)) } : {}),
            points: { show: false },
          })),
        ],
        axes: [
          {
            stroke: axisColor,
            font,
            grid,
            ticks: grid,
            values: timeAxisValues(locale, timeZone),
            ...(step ? { incrs: TIME_INCREMENTS.filter((increment) => increment >= step) } : {}),
          },
          {
            stroke: axisColor,
            font,
            grid,
            ticks: grid,
            values: (_u, splits) => splits.map((value) => (value == null ? '' : formatValue(value))),
            size: (self, values) => {
              if (!values) return 48;
              self.ctx.font = font;
              const widest = Math.max(0, ...values.map((text) => self.ctx.measureText(text).width));
              return Math.ceil(widest) + 20;
            },
          },
        ],
        hooks: {
          draw: [() => element.setAttribute('data-state', 'drawn')],
          setCursor: [(self) => setReadout(self.cursor.idx ?? null)],
        },
      };
      const data = [x, ...series.map((line) => line.values)] as unknown as uPlot.AlignedData;
      plot = new UPlot(options, data, element);
      plotInstance.current = plot;
    };
    // Once uPlot has loaded, the old plot and its successor swap within one task: nothing, neither a
    // painted frame nor a script looking at the page, ever finds the chart without its canvas.
    if (loadedUPlot) build(loadedUPlot);
    else
      void loadUPlot().then((UPlot) => {
        if (!cancelled) build(UPlot);
      });
    return () => {
      cancelled = true;
      plot?.destroy();
      if (plotInstance.current === plot) plotInstance.current = null;
      element.removeAttribute('data-state');
    };
  }, [hasWidth, height, x, series, timeZone, formatValue, locale, step, themeVersion]);

  useEffect(() => {
    const plot = plotInstance.current;
    if (plot && chartWidth > 0 && plot.width !== chartWidth) plot.setSize({ width: chartWidth, height });
  }, [chartWidth, height]);

  const at = readout !== null && readout < x.length ? readout : null;
  return (
    <figure className={styles.root}>
      <div ref={plotRef} className={styles.plot} style={{ height }} role="img" aria-label={label} />
      <figcaption>
        <ul className={styles.legend}>
          {series.map((line, index) => (
            <li key={line.label} className={styles.legendItem}>
              <span
                aria-hidden
                className={line.bars ? styles.barSwatch : styles.swatch}
                style={{
                  borderTopColor: colorVarOf(line, index),
                  borderTopStyle: line.dashed ? 'dashed' : 'solid',
                }}
              />
              {line.label}
            </li>
          ))}
        </ul>
        <p className={styles.hover}>
          {at === null
            ? ''
            : `${formatTime(x[at] as number)}: ${series
                .map((line) => {
                  const value = line.values[at];
                  return `${line.label} ${value == null ? '–' : formatValue(value)}`;
                })
                .join(' · ')}`}
        </p>
      </figcaption>
    </figure>
  );
}
