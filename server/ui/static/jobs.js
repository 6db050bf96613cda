// jobs.js: the scheduled jobs, each with a Run now button, and the size
// and freshness of the search index.

import { post, get } from './api.js';
import { $, fill, h, note, attempt, bytes, int, duration, timeEl } from './dom.js';

/** initJobs wires the Run now buttons. */
export function initJobs() {
  $('jobs-rows').addEventListener('click', (e) => {
    const button = e.target.closest('.run-now');
    if (button) runNow(button, button.closest('.job').dataset.name);
  });
}

/** refreshJobs reloads the jobs. */
export function refreshJobs() {
  return attempt($('jobs-note'), async () => {
    const jobs = (await get('/v1/jobs')) ?? [];
    fill($('jobs-rows'), jobs.length
      ? jobs.map(jobRow)
      : h('tr', {}, h('td', { colspan: 8, class: 'empty' }, 'No scheduled job.')));
  });
}

// lastRun is when the last run ended, and how long it took.
function lastRun(j) {
  if (!j.last_end) return '—';
  const took = j.last_start ? ` (${duration(Date.parse(j.last_end) - Date.parse(j.last_start))})` : '';
  return [timeEl(j.last_end), took];
}

// result is the job's state: running, or its last result.
function result(j) {
  if (j.running) return h('span', { class: 'result running' }, 'running…');
  if (!j.last_result) return '—';
  return h('span', { class: `result res-${j.last_result}` }, j.last_result);
}

// jobRow is one job's row.
function jobRow(j) {
  return h('tr', { class: 'job', dataset: { name: j.name } },
    h('th', { scope: 'row' }, j.name),
    h('td', { class: 'mono' }, j.schedule || 'off'),
    h('td', {}, lastRun(j)),
    h('td', {}, result(j)),
    h('td', { class: 'message' }, j.message || ''),
    h('td', {}, j.next_run ? timeEl(j.next_run) : 'not scheduled'),
    h('td', {}, `${int(j.runs)}${j.failures ? ` (${int(j.failures)} failed)` : ''}`),
    h('td', {}, h('button', { type: 'button', class: 'run-now', disabled: j.running, 'aria-label': `Run ${j.name} now` }, 'Run now')));
}

// runNow runs job name, says how it went, and reloads the jobs.
async function runNow(button, name) {
  const box = $('jobs-result');
  button.disabled = true;
  button.textContent = 'Running…';
  try {
    const st = await post(`/v1/jobs/${encodeURIComponent(name)}/run`);
    const outcome = st?.running ? 'started' : st?.last_result || 'done';
    note(box, `${name}: ${outcome}${st?.message ? ` — ${st.message}` : ''}`, st?.last_result === 'error' ? 'error' : 'info');
  } catch (err) {
    note(box, err.message, 'error');
    button.disabled = false;
    button.textContent = 'Run now';
    return;
  }
  await refreshJobs();
  document.querySelector(`#jobs-rows .job[data-name="${CSS.escape(name)}"] .run-now`)?.focus();
}

/** showIndex shows the index figures of a health answer. */
export function showIndex(health) {
  $('index-chunks').textContent = `${int(health.chunks)} chunks`;
  $('index-size').textContent = health.index_bytes == null ? 'size unknown' : `${bytes(health.index_bytes)} on disk`;
  fill($('index-fresh'),
    health.indexed_at ? ['indexed ', timeEl(health.indexed_at)] : 'not indexed yet',
    health.indexing ? ' · indexing now…' : '',
    health.ready ? '' : ' · first index run since start not finished: searches may miss recent changes');
  showShared(health.shared);
}

// showShared says how the node stands in shared mode (hidden when off).
function showShared(sh) {
  const box = $('shared-status');
  box.hidden = !sh;
  if (!sh) return;
  const state = sh.connected ? 'connected' : `not connected${sh.last_error ? `: ${sh.last_error}` : ''}`;
  box.textContent = `Shared memory (tenant ${sh.tenant}): ${state} · applied up to ${int(sh.applied)} · ` +
    `${int(sh.outbox)} waiting to be sent · ${int(sh.sent)} sent, ${int(sh.received)} received since start`;
  box.classList.toggle('warn-text', !sh.connected || sh.outbox > 0);
}
