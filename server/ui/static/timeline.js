// timeline.js: the memory browser's timeline of daily logs, one bar per
// day; a click or the arrow keys pick a day and show its details.

import { get } from './api.js';
import { $, fill, h, attempt, int, count, bytes } from './dom.js';
import { dayBars } from './charts.js';

const state = { days: [], picked: -1 };

/** refreshTimeline reloads the daily logs and what each layer holds. */
export function refreshTimeline() {
  return attempt($('logs-note'), async () => {
    const [days, status] = await Promise.all([get('/v1/logs'), get('/v1/status')]);
    const pickedDate = state.days[state.picked]?.date;
    state.days = days ?? [];
    state.picked = state.days.findIndex((d) => d.date === pickedDate);
    fill($('layers'), layerViews(status));
    drawTimeline();
  });
}

// layerViews says what each of the four layers holds.
function layerViews(st) {
  const file = (f) => (f.exists ? `${f.path}, ${count(f.tokens, 'token')}` : `${f.path} (none yet)`);
  // What session start loads of an L1 file (a fresh template: nothing), as archon status says it.
  const loaded = (f) => (f.exists && f.loaded_tokens !== undefined && f.loaded_tokens !== f.tokens
    ? `${f.path}, ${count(f.loaded_tokens, 'token')} to load (${int(f.tokens)} in the file)` : file(f));
  const identity = st.l1.identity ?? [];
  const present = identity.filter((f) => f.exists).length; // the configured ones that exist
  const l3 = st.l3.available
    ? `${count(st.l3.projects, 'project')}, ${count(st.l3.tasks, 'task')}, ${count(st.l3.items, 'knowledge item')}`
    : st.l3.note || 'no knowledge database yet';
  const warned = [st.l1.summary, ...identity, st.l4].filter((f) => f.warnings?.length > 0);
  return [
    layer('L1', 'always loaded', `${loaded(st.l1.summary)}; ${count(present, 'identity file')}` +
      `${present < identity.length ? ` (of ${identity.length} named)` : ''}; ` +
      `the last ${count(st.l1.window_days, 'day')} of logs (${count(st.l1.recent_logs.entries, 'entry', 'entries')}); ` +
      `budget ${int(st.l1.budget_tokens)} tokens`),
    layer('L2', 'daily logs', summary(st.l2)),
    layer('L3', 'knowledge', l3),
    layer('L4', 'curated wisdom', file(st.l4)),
    warned.map((f) => h('li', { class: 'warn-text' }, `${f.path}: ${f.warnings.join('; ')}`)),
  ];
}

// layer is one line of the layers list.
function layer(name, what, text) {
  return h('li', {}, h('strong', {}, name), ` ${what}: `, text);
}

// summary is one line of L2 figures.
function summary(l2) {
  const span = l2.first_date ? ` from ${l2.first_date} to ${l2.last_date}` : '';
  const warnings = l2.warnings ? ` · ${count(l2.warnings, 'parse warning')}` : '';
  const figures = [`${count(l2.files, 'daily log')} (${int(l2.archived)} archived)`,
    count(l2.entries, 'entry', 'entries'), count(l2.tokens, 'token')];
  return `${figures.join(', ')}${span}${warnings}`;
}

// drawTimeline redraws the bars and the details of the picked day.
function drawTimeline() {
  const box = $('timeline');
  if (!state.days.length) {
    fill(box);
    $('timeline-start').textContent = '';
    $('timeline-end').textContent = '';
    $('day-detail').textContent = 'No daily log yet: entries written with archon log appear here.';
    return;
  }
  const chart = dayBars(state.days);
  chart.addEventListener('click', (e) => {
    const index = e.target.closest('rect')?.dataset.index;
    if (index !== undefined) pick(Number(index));
  });
  chart.addEventListener('keydown', onKey);
  fill(box, chart);
  $('timeline-start').textContent = state.days[0].date;
  $('timeline-end').textContent = state.days[state.days.length - 1].date;
  pick(state.picked);
}

// onKey moves the picked day with the arrow, Home and End keys.
function onKey(e) {
  const last = state.days.length - 1;
  const moves = {
    ArrowLeft: Math.max(0, state.picked - 1),
    ArrowRight: state.picked < 0 ? last : Math.min(last, state.picked + 1),
    Home: 0,
    End: last,
  };
  if (!(e.key in moves)) return;
  e.preventDefault();
  pick(moves[e.key]);
}

// pick marks day i (none when -1) and says what it holds.
function pick(i) {
  state.picked = i;
  document.querySelectorAll('#timeline rect.day').forEach((r, j) => r.classList.toggle('picked', j === i));
  const d = state.days[i];
  $('day-detail').textContent = d ? dayText(d) : 'Pick a day (click, or focus the bars and use the arrow keys) to see its file.';
}

// dayText says what the log of day d holds and where it is.
function dayText(d) {
  const agents = d.agents?.length > 0 ? `, agents ${d.agents.join(', ')}` : '';
  return `${d.date}: ${count(d.entries, 'entry', 'entries')}, ${bytes(d.bytes)}${agents} · ${d.path}${d.archived ? ' (archived)' : ''}`;
}
