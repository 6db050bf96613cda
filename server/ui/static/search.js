// search.js: the memory browser's search over every layer, and the item
// view of one hit with its neighbours.

import { get, post } from './api.js';
import { $, fill, h, note, lines, tags, visible } from './dom.js';

const view = {
  opener: null, // the hit whose item is shown, to give focus back
  ticket: 0, // numbers item loads: only the latest may fill the view
};

/** initSearch wires the search form, the hits and the item view. */
export function initSearch() {
  $('search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    search($('search-input').value.trim());
  });
  const results = $('search-results');
  results.addEventListener('click', (e) => {
    const hit = e.target.closest('.hit');
    if (hit) openItem(hit);
  });
  results.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !e.target.classList.contains('hit')) return;
    e.preventDefault();
    openItem(e.target);
  });
  $('item-close').addEventListener('click', closeItem);
}

// search shows the top 10 hits of query, explained, with any warnings.
async function search(query) {
  const box = $('search-note');
  if (!query) {
    note(box, 'Type what to look for, then press Enter.');
    return;
  }
  note(box, 'Searching…', 'busy');
  try {
    const res = await post('/v1/search', { query, top_k: 10, explain: true });
    const hits = res.results ?? [];
    showWarnings(res.warnings ?? []);
    fill($('search-results'), hits.map(hitView));
    note(box, hits.length ? `${hits.length} best hit${hits.length === 1 ? '' : 's'}: Enter or click opens one.` : 'Nothing matches.');
  } catch (err) {
    showWarnings([]);
    fill($('search-results'));
    note(box, err.message, 'error');
  }
}

// showWarnings lists what the search said about the query (cut, not ready...).
function showWarnings(warnings) {
  fill($('search-warnings'), warnings.map((w) => h('li', {}, w)));
}

// hitView is one hit: metadata first, then the snippet and why it matched.
function hitView(r) {
  return h('li', { class: 'hit', tabindex: 0, dataset: { id: r.id } },
    h('div', { class: 'meta' },
      h('span', { class: 'score', title: 'relative score' }, r.score.toFixed(2)),
      h('span', { class: 'mono' }, lines(r.path, r.line_start, r.line_end)),
      r.date && h('span', {}, [r.date, r.time].filter(Boolean).join(' ')),
      r.agent && h('span', {}, r.agent),
      r.project && h('span', {}, `project ${r.project}`),
      h('span', { class: 'layer' }, `${r.layer} ${r.kind}`),
      tags(r.tags)),
    r.title && h('div', { class: 'title' }, r.title),
    h('pre', { class: 'mono snippet' }, marked(r.snippet)),
    r.superseded_by && h('p', { class: 'superseded' },
      `superseded by ${r.superseded_by.date ?? ''} (${lines(r.superseded_by.path, r.superseded_by.line_start, r.superseded_by.line_end)})`),
    ...(r.supersedes ?? []).map((s) => h('p', { class: 'supersedes' },
      `supersedes ${s.date ?? ''} (${lines(s.path, s.line_start, s.line_end)})`)),
    r.why && h('p', { class: 'why' }, whyText(r.why)));
}

// marked shows the words a snippet marks as **word** in <mark>, as text;
// a star of the text comes escaped (\*), and is shown as a star.
function marked(snippet) {
  return (snippet ?? '')
    .split(/(?<!\\)\*\*(.+?)(?<!\\)\*\*/)
    .map((part, i) => {
      const text = part.replaceAll('\\*', '*');
      return i % 2 ? h('mark', {}, text) : text;
    });
}

// whyText is "words: postgres, decision; tags: #db; text 80% / meaning 20%".
function whyText(why) {
  const tagged = why.tags?.length > 0;
  let words = 'no query word of its own (found through its neighbours or its meaning)';
  if (why.words?.length > 0) {
    words = `words: ${why.words.join(', ')}`;
  } else if (tagged) {
    words = 'no query word of its own';
  }
  const tags = tagged ? `; tags: ${why.tags.map((t) => '#' + t).join(' ')}` : '';
  if (why.added) {
    return `${words}${tags}; added as the change that superseded the next hit`;
  }
  return `${words}${tags}; text ${Math.round(100 * (why.text ?? 0))}% / meaning ${Math.round(100 * (why.meaning ?? 0))}%`;
}

// openItem loads the item behind hit, with two neighbours on each side.
async function openItem(hit) {
  const ticket = ++view.ticket;
  view.opener = hit;
  $('item-view').hidden = false;
  $('item-title').textContent = 'Loading…';
  fill($('item-body'));
  $('item-view').focus();
  try {
    const item = await get(`/v1/items/${encodeURIComponent(hit.dataset.id)}?context=2`);
    if (ticket === view.ticket) showItem(item);
  } catch (err) {
    if (ticket !== view.ticket) return;
    $('item-title').textContent = hit.dataset.id;
    fill($('item-body'), h('p', { class: 'error' }, err.message));
  }
}

// pieceMeta is the location and metadata line of a piece.
function pieceMeta(p) {
  return [lines(p.path, p.line_start, p.line_end), p.date, p.time, p.agent, ...(p.tags ?? []).map((t) => `#${t}`)]
    .filter(Boolean).join(' · ');
}

// neighbour is a piece around the item, dimmed.
function neighbour(p) {
  return h('div', { class: 'neighbour' },
    h('div', { class: 'meta' }, p.title ? `${p.title} · ${pieceMeta(p)}` : pieceMeta(p)),
    h('pre', { class: 'mono' }, p.text));
}

// showItem fills the item view.
function showItem(item) {
  $('item-title').textContent = visible(item.title || '') || lines(item.path, item.line_start, item.line_end);
  fill($('item-body'),
    h('p', { class: 'meta' }, `${pieceMeta(item)} · ${item.layer} ${item.kind}`, item.project ? ` · project ${item.project}` : ''),
    item.stale && h('p', { class: 'flag lv-warn' }, 'The file changed since it was indexed: this is the indexed text.'),
    (item.before ?? []).map(neighbour),
    h('pre', { class: 'mono item-text' }, item.text),
    (item.after ?? []).map(neighbour));
}

/** closeItem hides the item view, if open, and gives focus back to its hit. */
export function closeItem() {
  if ($('item-view').hidden) return;
  view.ticket++;
  $('item-view').hidden = true;
  (view.opener?.isConnected ? view.opener : $('search-input')).focus();
  view.opener = null;
}
