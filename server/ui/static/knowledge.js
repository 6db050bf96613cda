// knowledge.js: L3: projects, tasks (the ready queue first) and knowledge
// items, whose observations load when one is expanded.

import { get } from './api.js';
import { $, fill, h, attempt, empty, tags, timeEl } from './dom.js';

const PRIORITIES = ['low', 'normal', 'high', 'urgent'];
const expanded = new Set(); // ids of the items shown open, kept across reloads

/** refreshKnowledge reloads projects, tasks and items. */
export function refreshKnowledge() {
  return attempt($('knowledge-note'), async () => {
    const [projects, ready, tasks, items] = await Promise.all([
      get('/v1/projects'), get('/v1/tasks?ready=true'), get('/v1/tasks'), get('/v1/knowledge'),
    ]);
    const names = new Map((projects ?? []).map((p) => [p.id, p.name]));
    fill($('knowledge-body'),
      h('h3', {}, `Projects (${projects?.length ?? 0})`), projectsView(projects ?? []),
      h('h3', {}, `Ready queue (${ready?.length ?? 0})`), readyView(ready ?? []),
      h('h3', {}, `All tasks (${tasks?.length ?? 0})`), tasksView(tasks ?? [], names),
      h('h3', {}, `Knowledge items (${items?.length ?? 0})`), itemsView(items ?? []));
  });
}

// projectsView lists the projects with their status.
function projectsView(projects) {
  if (!projects.length) return empty('No project yet.');
  return h('ul', { class: 'rows' }, projects.map((p) => h('li', {},
    h('strong', {}, p.name), ' ', h('span', { class: `status st-${p.status}` }, p.status),
    h('span', { class: 'muted' }, ` ${p.id}`), p.description && h('div', { class: 'muted' }, p.description))));
}

// readyView lists the tasks that can start now, in queue order.
function readyView(tasks) {
  if (!tasks.length) return empty('Nothing is ready: every open task waits on another, or none is open.');
  return h('ol', { class: 'rows' }, tasks.map((t) => h('li', {},
    h('span', { class: 'muted' }, `${t.id} `), t.title, ` · ${PRIORITIES[t.priority] ?? t.priority}`,
    t.assignee && ` · ${t.assignee}`)));
}

// tasksView is the table of all tasks.
function tasksView(tasks, projectNames) {
  if (!tasks.length) return empty('No task yet.');
  const head = ['ID', 'Title', 'Status', 'Priority', 'Assignee', 'Depends on', 'Project'];
  return h('table', {},
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, tasks.map((t) => h('tr', {},
      h('td', { class: 'mono' }, t.id),
      h('td', {}, t.title),
      h('td', {}, h('span', { class: `status st-${t.status}` }, t.status)),
      h('td', {}, PRIORITIES[t.priority] ?? String(t.priority)),
      h('td', {}, t.assignee || '—'),
      h('td', { class: 'mono' }, t.depends_on?.join(', ') || '—'),
      h('td', {}, projectNames.get(t.project) ?? (t.project || '—'))))));
}

// itemsView lists the knowledge items, each expandable.
function itemsView(items) {
  if (!items.length) return empty('No knowledge item yet.');
  return h('div', { class: 'kitems' }, items.map(itemView));
}

// itemView is one item; opening it loads its observations.
function itemView(it) {
  const observations = h('div', { class: 'observations' });
  const details = h('details', { class: 'kitem', dataset: { id: it.id } },
    h('summary', {}, h('span', { class: 'kind' }, it.kind), ' ', it.title, ' ', tags(it.tags),
      it.promotion && h('span', { class: 'badge' }, it.promotion)),
    h('p', { class: 'meta' }, [it.id, it.agent && `by ${it.agent}`, it.project && `project ${it.project}`].filter(Boolean).join(' · '),
      ' · updated ', timeEl(it.updated)),
    it.body && h('pre', { class: 'mono' }, it.body),
    observations);
  details.addEventListener('toggle', () => {
    if (!details.open) {
      expanded.delete(it.id);
      return;
    }
    expanded.add(it.id);
    loadObservations(it.id, observations);
  });
  details.open = expanded.has(it.id);
  return details;
}

// loadObservations fills box with what agents recorded about item id.
async function loadObservations(id, box) {
  fill(box, h('p', { class: 'muted' }, 'Loading observations…'));
  try {
    const detail = await get(`/v1/knowledge/${encodeURIComponent(id)}`);
    const list = detail.observations ?? [];
    fill(box, list.length
      ? h('ul', { class: 'rows' }, list.map(observationView))
      : empty('No observation recorded yet.'));
  } catch (err) {
    fill(box, h('p', { class: 'error' }, err.message));
  }
}

// observationView is one observation: success or failure, who, where, when.
function observationView(o) {
  return h('li', {},
    h('span', { class: o.success ? 'ok-text' : 'bad-text' }, o.success ? '✓ worked' : '✗ failed'),
    ` · ${o.agent}`, o.project && ` · project ${o.project}`, ' · ', timeEl(o.time),
    o.note && h('div', { class: 'muted' }, o.note));
}
