// inspector.js: the context inspector: the last check of each session,
// its usage over time, and the runtime model override.

import { get, put } from './api.js';
import { $, fill, h, note, attempt, empty, levelClass, int, count, short, pct, dollars, when, relative } from './dom.js';
import { gauge, stackedBar, legend, usageChart } from './charts.js';

const state = {
  sessions: [], // GET /v1/context/sessions, newest first
  log: [], // GET /v1/context/log, oldest first
  key: null, // the selected session's key
  model: 'auto', // the override as the select last showed it
};
const profiles = new Map(); // profile name -> Promise of the profile

// profileFor fetches a profile once; a failed fetch is tried again next time.
function profileFor(name) {
  if (!profiles.has(name)) {
    const p = get(`/v1/context/profile?name=${encodeURIComponent(name)}`);
    p.catch(() => profiles.delete(name));
    profiles.set(name, p);
  }
  return profiles.get(name);
}

/** initInspector wires the session and model selects. */
export function initInspector() {
  $('session-select').addEventListener('change', (e) => {
    state.key = e.target.value;
    attempt($('inspector-note'), renderSelected);
  });
  $('model-select').addEventListener('change', (e) => changeModel(e.target));
}

/** refreshInspector reloads the sessions and the context log. */
export function refreshInspector() {
  return attempt($('inspector-note'), async () => {
    const [sessions, log] = await Promise.all([get('/v1/context/sessions'), get('/v1/context/log?n=500')]);
    state.sessions = sessions ?? [];
    state.log = log ?? [];
    if (!state.sessions.some((s) => s.key === state.key)) state.key = state.sessions[0]?.key ?? null;
    fillSessions();
    await renderSelected();
  });
}

// fillSessions lists the sessions in #session-select, newest first.
function fillSessions() {
  const select = $('session-select');
  if (!state.sessions.length) {
    fill(select, h('option', { value: '' }, 'no session checked yet'));
    return;
  }
  fill(select, state.sessions.map((s) =>
    h('option', { value: s.key }, `${s.key} · ${pct(s.report.percent)} ${s.report.level} · ${relative(s.ts)}`)));
  select.value = state.key;
}

// renderSelected shows the selected session's last check.
async function renderSelected() {
  const s = state.sessions.find((x) => x.key === state.key);
  fillHeadline(s?.report);
  if (!s) {
    fill($('inspector-body'), empty('No context check yet. Sessions appear here when an agent runs archon context check or its hook fires.'));
    return;
  }
  const profile = await profileFor(s.report.profile);
  fill($('inspector-body'), reportView(s, profile));
}

// The headline's fields as they read without a check.
const NO_CHECK = {
  'current-model': '—', 'model-detail': '', 'context-level': '—', 'context-action': '',
  'context-tokens': '—', 'context-reserve': '—', 'context-cost': '—', 'context-messages': '—',
};

// headline is the text of each headline field for report r.
function headline(r) {
  return {
    'current-model': r.model,
    'model-detail': [r.provider, r.model_match && `${r.model_match} match`].filter(Boolean).join(' · '),
    'context-level': r.level,
    'context-action': r.action && r.action !== 'none' ? `→ ${r.action}` : '',
    'context-tokens': `${int(r.tokens)} / ${int(r.limit)} · ${pct(r.percent)}`,
    'context-reserve': `${int(r.headroom)} of the ${int(r.window)} window`,
    'context-cost': r.cost_usd ? dollars(r.cost_usd) : 'unpriced',
    'context-messages': `${int(r.messages)} · ${r.exact ? 'counted exactly' : 'estimated'} (${r.encoding})`,
  };
}

// fillHeadline writes the headline figures of report r (dashes without one).
function fillHeadline(r) {
  for (const [id, text] of Object.entries(r ? headline(r) : NO_CHECK)) $(id).textContent = text;
  $('context-level').className = r ? `level ${levelClass(r.level, r.action)}` : 'level';
}

// reportView is everything below the headline for session s.
function reportView(s, profile) {
  const r = s.report;
  const overflow = r.percent > 100 || r.block;
  return [
    h('p', { class: 'muted' }, `Checked ${relative(s.ts)} (${when(s.ts)}) · ${count(s.checks, 'check')} · `,
      `${s.agent ? `agent ${s.agent} · ` : ''}tokens from ${r.source}`),
    overflow && h('p', { class: 'flag lv-critical' }, r.block
      ? 'Blocked: an orchestrator must not spawn more work at this level.'
      : 'Over the usable limit: the next call may fail.'),
    gauge(r.percent, profile.levels, levelClass(r.level, r.action)),
    h('p', { class: 'muted' }, `Profile ${profile.name}: `,
      profile.levels.map((l) => `${l.name} ${l.at}%`).join(', ') || 'no levels',
      r.target_tokens ? ` · compaction aims for ${int(r.target_tokens)} tokens` : ''),
    categoriesView(r),
    zonesView(r),
    historyView(s, profile),
    largestView(r.largest ?? []),
    r.notes?.length > 0 && h('ul', { class: 'notes' }, r.notes.map((n) => h('li', {}, n))),
  ];
}

// categoriesView is the stacked bar of the budget categories, of the window.
function categoriesView(r) {
  const parts = (r.categories ?? []).map((c) => ({
    value: c.tokens,
    over: c.over,
    title: `${c.category}: ${int(c.tokens)} of ${int(c.budget)} budget (${c.share}%)${c.over ? ` — over: ${c.rule}` : ''}`,
  }));
  return [
    h('h3', {}, `By category, of the ${short(r.window)} window`),
    stackedBar(parts, r.window, 'Tokens by category'),
    legend(parts),
  ];
}

// zonesView is the stacked bar of the three zones.
function zonesView(r) {
  const parts = (r.zones ?? []).map((z) => ({ value: z.tokens, title: `${z.zone}: ${int(z.tokens)} (${pct(z.percent)})` }));
  return [h('h3', {}, 'By zone'), stackedBar(parts, r.window, 'Tokens by zone'), legend(parts)];
}

// belongs reports whether context event e is of session s: by session id,
// else by agent, else the events with neither ("default").
function belongs(e, s) {
  if (s.session) return e.session === s.session;
  if (s.agent) return !e.session && e.agent === s.agent;
  return !e.session && !e.agent;
}

// historyView charts the session's checks with its compactions.
function historyView(s, profile) {
  const events = state.log.filter((e) => belongs(e, s));
  const checks = events.filter((e) => e.event === 'check').map((e) => ({
    t: Date.parse(e.ts), y: e.percent, level: e.level, action: e.action,
    title: `${when(e.ts)}: ${int(e.tokens)} tokens, ${pct(e.percent)} (${e.level})`,
  }));
  const compactions = events.filter((e) => e.event === 'compaction' || e.event === 'protocol').map((e) => ({
    t: Date.parse(e.ts),
    title: `${when(e.ts)}: ${e.event} ${int(e.tokens_before)} → ${int(e.tokens_after)} tokens (saved ${int(e.tokens_saved)})`,
  }));
  const heading = h('h3', {}, 'Usage over time');
  if (!checks.length) return [heading, empty('No check of this session in the recent context log.')];
  return [heading, usageChart(checks, compactions, profile.levels),
    h('p', { class: 'muted' }, `${count(checks.length, 'check')}, ${count(compactions.length, 'compaction')} (the markers)`)];
}

// largestView lists the largest messages with the advice on each.
function largestView(items) {
  if (!items.length) return [];
  return [h('h3', {}, 'Largest messages'), h('ol', { class: 'largest' }, items.map((m) => h('li', {},
    h('div', { class: 'meta' },
      h('strong', {}, `${int(m.tokens)} tokens`), ` ${pct(m.percent)} · #${m.index} ${m.role} ${m.kind}`,
      m.tool ? ` (${m.tool})` : '', m.line ? ` · line ${m.line}` : ''),
    h('pre', { class: 'mono preview' }, m.preview),
    m.advice && h('p', { class: 'advice' }, m.advice))))];
}

/** refreshModels reloads the model list and the current override. */
export function refreshModels() {
  return attempt($('model-note'), async () => {
    const [models, override] = await Promise.all([get('/v1/models'), get('/v1/model')]);
    fillModels(models ?? [], override?.model ?? 'auto');
  });
}

// modelLabel is "name — 200k tokens, $3.00/M" (no price when unpriced).
function modelLabel(m) {
  return `${m.name} — ${short(m.window)} tokens${m.input_price ? `, ${dollars(m.input_price)}/M` : ''}`;
}

// fillModels lists "auto" then every model; an override the list lacks
// (an alias, say) is listed too so that the select can show it.
function fillModels(models, current) {
  const options = [h('option', { value: 'auto' }, 'auto — from the conversation and the config')];
  if (current !== 'auto' && !models.some((m) => m.name === current)) options.push(h('option', { value: current }, current));
  options.push(...models.map((m) => h('option', { value: m.name }, modelLabel(m))));
  fill($('model-select'), options);
  $('model-select').value = current;
  state.model = current;
}

// changeModel sets the override to the select's value.
async function changeModel(select) {
  const box = $('model-result');
  try {
    const res = await put('/v1/model', { model: select.value });
    state.model = res?.model ?? 'auto';
    note(box, res?.model
      ? `Model set to ${res.model}: takes effect on the next check.`
      : 'Model chosen automatically again: takes effect on the next check.');
  } catch (err) {
    select.value = state.model;
    note(box, err.message, 'error');
  }
}
