// charts.js: bars (HTML elements sized through the CSSOM, which the CSP
// allows) and SVG charts. Colours come from classes in app.css: c0..c5
// for the parts of a stacked bar, lv-* for context levels.

import { h, svg, pct, when, count, levelClass } from './dom.js';

// sized is el with its width set to share percent (clamped to 0-100).
function sized(el, share) {
  el.style.width = `${Math.max(0, Math.min(100, share))}%`;
  return el;
}

/** meter is a bar filled to value of max; past max it is full and marked over. */
export function meter(value, max, label) {
  const fill = sized(h('span', { class: 'fill' }), (100 * value) / Math.max(max, 1));
  return h('div', { class: value > max ? 'meter over' : 'meter', role: 'img', 'aria-label': label }, fill);
}

// levelMark is the tick of level i of a profile on a gauge; labels go
// below and above in turn so that close levels stay readable.
function levelMark(level, i) {
  const cls = `mark${i % 2 ? ' above' : ''} ${levelClass(level.name, level.action)}`;
  const mark = h('span', { class: cls, title: `${level.name} from ${level.at}%: ${level.action}` },
    h('span', { class: 'mark-label' }, `${level.name} ${level.at}%`));
  mark.style.left = `${level.at}%`;
  return mark;
}

/**
 * gauge shows percent of the usable limit, coloured by cls, with a tick at
 * each level of the profile.
 */
export function gauge(percent, levels, cls) {
  const fill = sized(h('span', { class: `fill ${cls}` }), percent);
  const marks = levels.filter((l) => l.at <= 100).map(levelMark);
  return h('div', { class: 'gauge', role: 'img', 'aria-label': `${pct(percent)} of the usable limit` },
    h('div', { class: 'track' }, fill, marks));
}

/**
 * stackedBar shows parts [{value, title}] as shares of total (or of their
 * sum when larger); part i is coloured c<i>, as in legend.
 */
export function stackedBar(parts, total, label) {
  const sum = parts.reduce((s, p) => s + p.value, 0);
  const scale = Math.max(total, sum, 1);
  const segments = parts.map((p, i) => sized(h('span', { class: `seg c${i}`, title: p.title }), (100 * p.value) / scale));
  return h('div', { class: 'stack', role: 'img', 'aria-label': label }, segments);
}

/** legend names the parts of a stacked bar; parts with over set are flagged. */
export function legend(parts) {
  return h('ul', { class: 'legend' },
    parts.map((p, i) => h('li', { class: p.over ? 'over' : null }, h('span', { class: `swatch c${i}` }), p.title)));
}

// Geometry of the usage chart, in viewBox units.
const CHART = { width: 600, height: 180, left: 38, right: 10, top: 10, bottom: 24 };

// scales maps times and percents to chart coordinates.
function scales(times, yMax) {
  const { width, height, left, right, top, bottom } = CHART;
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (t) => (t1 === t0 ? (left + width - right) / 2 : left + ((width - left - right) * (t - t0)) / (t1 - t0));
  const y = (v) => top + (height - top - bottom) * (1 - v / yMax);
  return { x, y, t0, t1 };
}

// yAxis draws the gridlines and labels at 0, 50, 100% (and the top when
// well over, where its label cannot run into 100%'s).
function yAxis(y, yMax) {
  const ticks = [0, 50, 100, ...(yMax >= 115 ? [Math.round(yMax)] : [])];
  return ticks.map((v) => svg('g', { class: 'grid' },
    svg('line', { x1: CHART.left, x2: CHART.width - CHART.right, y1: y(v), y2: y(v) }),
    svg('text', { x: CHART.left - 4, y: y(v) + 4, 'text-anchor': 'end' }, `${v}%`)));
}

// levelLines draws a dashed line at each profile level.
function levelLines(y, levels) {
  return levels.map((l) => svg('line', {
    class: `level-line ${levelClass(l.name, l.action)}`,
    x1: CHART.left, x2: CHART.width - CHART.right, y1: y(l.at), y2: y(l.at),
  }, svg('title', {}, `${l.name} from ${l.at}%`)));
}

// compactionMarks draws a vertical marker at each compaction.
function compactionMarks(x, marks) {
  return marks.map((m) => svg('g', { class: 'compaction' },
    svg('line', { x1: x(m.t), x2: x(m.t), y1: CHART.top, y2: CHART.height - CHART.bottom }),
    svg('path', { d: `M${x(m.t) - 5},${CHART.top} h10 l-5,7 z` }),
    svg('title', {}, m.title)));
}

/**
 * usageChart plots checks [{t, y, level, action, title}] (t in ms, y a
 * percent) over time, with compactions [{t, title}] as markers and the
 * profile's levels as dashed lines.
 */
export function usageChart(checks, compactions, levels) {
  const yMax = Math.max(100, ...checks.map((p) => p.y));
  const { x, y, t0, t1 } = scales([...checks, ...compactions].map((p) => p.t), yMax);
  const line = checks.map((p) => `${x(p.t).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
  const dots = checks.map((p) => svg('circle', { class: `dot ${levelClass(p.level, p.action)}`, cx: x(p.t), cy: y(p.y), r: 3 },
    svg('title', {}, p.title)));
  const base = CHART.height - 6;
  const label = `Context use from ${when(t0)} to ${when(t1)}: ${count(checks.length, 'check')}, ${count(compactions.length, 'compaction')}`;
  return svg('svg', {
    class: 'usage-chart', viewBox: `0 0 ${CHART.width} ${CHART.height}`, width: '100%', role: 'img', 'aria-label': label,
  },
  yAxis(y, yMax), levelLines(y, levels), compactionMarks(x, compactions),
  svg('polyline', { class: 'usage', points: line }), dots,
  svg('text', { class: 'axis', x: CHART.left, y: base }, when(t0)),
  svg('text', { class: 'axis', x: CHART.width - CHART.right, y: base, 'text-anchor': 'end' }, when(t1)));
}

/**
 * dayBars draws one bar per daily log, its height by entries; archived
 * days have the class archived. Bar i carries data-index i.
 */
export function dayBars(days) {
  const width = 600;
  const height = 64;
  const step = width / Math.max(days.length, 1);
  const most = Math.max(1, ...days.map((d) => d.entries));
  const bars = days.map((d, i) => {
    const bar = Math.max(2, ((height - 2) * d.entries) / most);
    return svg('rect', {
      class: d.archived ? 'day archived' : 'day', dataset: { index: i },
      x: i * step + step * 0.1, width: Math.max(step * 0.8, 0.5), y: height - bar, height: bar,
    }, svg('title', {}, `${d.date}: ${count(d.entries, 'entry', 'entries')}${d.archived ? ' (archived)' : ''}`));
  });
  return svg('svg', {
    class: 'timeline', viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', width: '100%', height,
    tabindex: 0, role: 'group', 'aria-label': 'Daily logs, one bar per day: arrow keys pick a day',
  }, bars);
}
