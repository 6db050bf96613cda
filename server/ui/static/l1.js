// l1.js: the L1 preview: exactly what the session-start hook injects,
// against its token budget, and what was trimmed to fit.

import { get } from './api.js';
import { $, fill, h, attempt, empty, int, count, visible } from './dom.js';
import { meter } from './charts.js';

/** refreshL1 reloads the L1 payload. */
export function refreshL1() {
  return attempt($('l1-note'), async () => {
    const p = await get('/v1/l1');
    $('l1-tokens').textContent = `${int(p.tokens)} / ${int(p.budget)} tokens`;
    fill($('l1-meter'), meter(p.tokens, p.budget, `${int(p.tokens)} of ${int(p.budget)} tokens`));
    const parts = p.parts ?? [];
    fill($('l1-parts'), parts.length ? h('ul', { class: 'parts' }, parts.map(partView)) : empty('No part.'));
    $('l1-text').textContent = visible(p.text) || '(empty: nothing to inject yet)';
  });
}

// partView is one part: its figures, sources, and the lines dropped.
function partView(part) {
  const dropped = part.dropped_lines;
  const trimmed = part.trimmed ?? [];
  return h('li', {},
    h('div', { class: 'meta' }, h('strong', {}, part.name), ` · ${count(part.tokens, 'token')} · ${count(part.lines, 'line')}`,
      dropped ? h('span', { class: 'warn-text' }, ` · ${int(dropped)} dropped`) : ''),
    part.sources?.length > 0 && h('div', { class: 'mono small' }, part.sources.join(', ')),
    trimmed.length > 0 && h('details', {},
      h('summary', {}, trimmed.length < dropped ? `Dropped lines: ${trimmed.length} of ${dropped} shown` : 'Dropped lines'),
      h('pre', { class: 'mono trimmed' }, trimmed.join('\n'))));
}
