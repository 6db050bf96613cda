// app.js: the archon dashboard. Loads every panel, keeps them fresh from
// the live event stream, and wires the keyboard shortcuts.

import { get } from './api.js';
import { $, attempt, tickTimes } from './dom.js';
import { initInspector, refreshInspector, refreshModels } from './inspector.js';
import { refreshL1 } from './l1.js';
import { refreshTimeline } from './timeline.js';
import { initSearch, closeItem } from './search.js';
import { refreshKnowledge } from './knowledge.js';
import { initReview, refreshReview, refreshBackups } from './review.js';
import { initJobs, refreshJobs, showIndex } from './jobs.js';

// refreshHealth shows the service in the header and the index in #jobs.
function refreshHealth() {
  return attempt($('index-note'), async () => {
    const health = await get('/v1/health');
    $('service').textContent = [health.version, health.root].filter(Boolean).join(' · ');
    showIndex(health);
  });
}

// showSignOut offers to sign out of a service that asked for its token.
async function showSignOut() {
  try {
    const res = await fetch('/ui/session', { credentials: 'same-origin' });
    if (res.ok && (await res.json()).signed_in) $('sign-out').hidden = false;
  } catch {
    // no answer: the link stays hidden; the next load asks again
  }
}

const refreshers = {
  inspector: refreshInspector,
  models: refreshModels,
  l1: refreshL1,
  timeline: refreshTimeline,
  knowledge: refreshKnowledge,
  review: refreshReview,
  backups: refreshBackups,
  jobs: refreshJobs,
  health: refreshHealth,
};

const DEBOUNCE_MS = 250;
const pending = new Set();

// soon refreshes the named parts once DEBOUNCE_MS from the first ask: a
// burst of events costs one refresh of each.
function soon(...names) {
  for (const name of names) {
    if (pending.has(name)) continue;
    pending.add(name);
    setTimeout(() => {
      pending.delete(name);
      refreshers[name]();
    }, DEBOUNCE_MS);
  }
}

// What each change names, as parts to refresh.
const CHANGES = {
  model: ['models'],
  memory_md: ['l1', 'review', 'backups'],
  summary: ['l1', 'backups'],
  knowledge: ['knowledge', 'review'],
  logs: ['timeline', 'l1'],
};

// What each job's run may have changed, besides the jobs themselves.
const JOBS = {
  archive: ['timeline', 'l1'],
  reindex: ['health'],
  summary: ['l1', 'backups'],
  promote: ['review', 'backups'],
};

// data parses an event's JSON payload ({} when it is not JSON).
function data(e) {
  try {
    return JSON.parse(e.data) ?? {};
  } catch {
    return {};
  }
}

// setLive shows whether the event stream is connected.
function setLive(up) {
  const live = $('live');
  live.textContent = up ? 'live' : 'offline';
  live.className = up ? 'live up' : 'live down';
  live.title = up ? 'Panels update as archon changes' : 'Not connected to archon: panels may be out of date';
}

// listen follows /v1/events; after a reconnect everything is reloaded,
// since events may have been missed meanwhile.
function listen() {
  const events = new EventSource('/v1/events');
  let dropped = false;
  events.addEventListener('open', () => {
    setLive(true);
    if (dropped) soon(...Object.keys(refreshers));
    dropped = false;
  });
  events.addEventListener('error', () => {
    setLive(false);
    dropped = true;
    // EventSource gives up for good after an answer that is not a stream
    // (503 when every stream slot is taken, 401 once the session ended):
    // start a new one after a while.
    if (events.readyState === EventSource.CLOSED) {
      events.close();
      // A stream gives no status: a request says whether the session ended
      // (signed out elsewhere, the token changed), and shows the sign-in
      // banner when it did.
      get('/v1/health').catch(() => {});
      setTimeout(listen, 5000);
    }
  });
  events.addEventListener('check', () => soon('inspector'));
  events.addEventListener('entry', () => soon('timeline', 'l1'));
  events.addEventListener('job', (e) => soon('jobs', ...(JOBS[data(e).name] ?? [])));
  // An index run that read changed files (edited by hand, forgotten,
  // archived) may change what every panel shows.
  events.addEventListener('index', (e) => {
    const d = data(e);
    soon('health', ...(d.changed || d.removed ? ['timeline', 'l1', 'review', 'knowledge'] : []));
  });
  events.addEventListener('change', (e) => soon(...(CHANGES[data(e).what] ?? [])));
  // The stream lagged and lost events: reload everything.
  events.addEventListener('resync', () => soon(...Object.keys(refreshers)));
}

// typing reports whether the key went to a field that takes text.
function typing(e) {
  const t = e.target;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}

// onKey: "/" goes to the search box, Escape closes the item view.
function onKey(e) {
  if (e.key === '/' && !typing(e) && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    $('search-input').focus();
    $('search-input').select();
  } else if (e.key === 'Escape') {
    closeItem();
  }
}

function main() {
  initInspector();
  initSearch();
  initReview();
  initJobs();
  document.addEventListener('keydown', onKey);
  setInterval(tickTimes, 30_000);
  Object.values(refreshers).forEach((refresh) => refresh());
  showSignOut();
  listen();
}

main();
