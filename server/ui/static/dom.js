// dom.js: building elements without HTML strings (server text is untrusted
// and is only ever set as text), status lines, and formatting.

const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (id) => document.getElementById(id);

// setProps applies props to el: dataset, and attributes (true sets an
// empty attribute; false, null and undefined skip it). Never a style
// attribute or an on* handler: the CSP forbids both.
function setProps(el, props) {
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value == null) continue;
    if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

// BIDI matches the controls that reorder how text reads (an override
// turns "RTL override" into "edirrevo"): text shows them as their code.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** visible returns text with its direction controls shown as ⟨U+202E⟩. */
export function visible(text) {
  return text.replace(BIDI, (c) => `⟨U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

// appendAll adds children as nodes or text, flattening arrays; null,
// undefined and false are skipped so callers can write `cond && node`.
function appendAll(el, children) {
  el.append(
    ...children
      .flat(Infinity)
      .filter((c) => c != null && c !== false)
      .map((c) => (typeof c === 'string' ? visible(c) : c)),
  );
  return el;
}

/** h builds an HTML element: h('li', {class: 'hit'}, 'text', child). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  return appendAll(el, children);
}

/** fill replaces el's children, taking them as h does. */
export function fill(el, ...children) {
  el.replaceChildren();
  return appendAll(el, children);
}

/** svg builds an SVG element the same way. */
export function svg(tag, props = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setProps(el, props);
  return appendAll(el, children);
}

/**
 * note shows text in a status line: kind 'error' (class error), 'info'
 * (class info), or any other (a progress line, plain); empty text hides it.
 */
export function note(box, text = '', kind = 'info') {
  box.textContent = visible(text);
  box.hidden = !text;
  box.classList.toggle('error', Boolean(text) && kind === 'error');
  box.classList.toggle('info', Boolean(text) && kind === 'info');
}

/**
 * attempt runs fn, a panel's load, with box as its status line: cleared on
 * success, the error's message on failure. (The outcome of an action goes
 * to a line of its own, which a reload leaves alone.)
 */
export async function attempt(box, fn) {
  try {
    await fn();
    note(box, '');
  } catch (err) {
    if (!('status' in err)) console.error(err); // a bug here, not an answer
    note(box, err.message, 'error');
  }
}

/** tags shows a list of tags as #tag chips. */
export const tags = (list) => (list ?? []).map((t) => h('span', { class: 'tag' }, `#${t}`));

/** empty is the line a list shows when it has nothing. */
export const empty = (text) => h('p', { class: 'empty' }, text);

/**
 * levelClass maps a context level to its colour class; levels of custom
 * profiles fall back on their action.
 */
export function levelClass(level, action) {
  const byName = {
    ok: 'ok', warn: 'warn', warning: 'warn', summarize: 'summarize', compress: 'summarize',
    critical: 'critical', emergency: 'critical', overflow: 'critical',
  };
  if (byName[level]) return `lv-${byName[level]}`;
  if (action === 'none') return 'lv-ok';
  if (action === 'warn') return 'lv-warn';
  if (action === 'block') return 'lv-critical';
  return 'lv-summarize';
}

const numbers = new Intl.NumberFormat('en-US');

/** int formats a count with thousands separators: 123,456. */
export const int = (n) => numbers.format(n ?? 0);

/** count formats n with its noun: "1 entry", "3 entries". */
export const count = (n, one, many = `${one}s`) => `${int(n)} ${n === 1 ? one : many}`;

/** short formats a token count: 200k, 1M, 1.05M. */
export function short(n) {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

/** pct formats a percentage with one decimal. */
export const pct = (x) => `${(x ?? 0).toFixed(1)}%`;

/** dollars formats a price, with a third decimal below ten cents. */
export const dollars = (x) => `$${x.toFixed(x < 0.1 ? 3 : 2)}`;

/** bytes formats a size in human units: 512 B, 4.2 KB, 12.3 MB. */
export function bytes(n) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return i === 0 ? `${n} B` : `${n.toFixed(1)} ${units[i]}`;
}

/** duration formats milliseconds: 840 ms, 12.5 s, 3 min. */
export function duration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** relative says how far ts is from now: "3 min ago", "in 2 h". */
export function relative(ts, now = Date.now()) {
  const secs = (new Date(ts).getTime() - now) / 1000;
  if (!Number.isFinite(secs)) return '';
  const abs = Math.abs(secs);
  if (abs < 45) return 'just now';
  const steps = [[3600, 60, 'min'], [86400, 3600, 'h'], [Infinity, 86400, 'd']];
  const [, unit, name] = steps.find(([limit]) => abs < limit);
  const n = Math.round(abs / unit);
  return secs < 0 ? `${n} ${name} ago` : `in ${n} ${name}`;
}

/** when formats ts as a local date and time. */
export const when = (ts) => new Date(ts).toLocaleString();

/**
 * timeEl is a <time> that shows ts relative to now (kept fresh by
 * tickTimes) with the exact time as its tooltip.
 */
export function timeEl(ts) {
  return h('time', { class: 'ago', datetime: ts, title: when(ts) }, relative(ts));
}

/** tickTimes brings every relative time on the page up to date. */
export function tickTimes() {
  for (const t of document.querySelectorAll('time.ago')) t.textContent = relative(t.dateTime);
}

/** lines formats a path with its line range: memory/2025-05-01.md:10-14. */
export function lines(path, start, end) {
  return end && end !== start ? `${path}:${start}-${end}` : `${path}:${start}`;
}
