// review.js: the L4 review: promotion candidates to approve or reject,
// the MEMORY.md diff a promotion would make, and the backups to restore.

import { get, post } from './api.js';
import { $, fill, h, note, attempt, empty, bytes, count, pct, timeEl } from './dom.js';

/** initReview wires the candidate, backup and backup-view buttons. */
export function initReview() {
  $('candidates').addEventListener('click', onCandidateClick);
  $('approve-all').addEventListener('click', () => {
    const ids = [...document.querySelectorAll('#candidates .candidate')].map((c) => c.dataset.id);
    decide({ items: ids }, $('approve-all'));
  });
  $('backups').addEventListener('click', onBackupClick);
  $('backup-close').addEventListener('click', () => { $('backup-view').hidden = true; });
}

// diffView shows a unified diff, its lines coloured by their first character.
function diffView(diff) {
  const kind = (line) => {
    if (line.startsWith('+++') || line.startsWith('---')) return 'file';
    if (line.startsWith('@@')) return 'hunk';
    if (line.startsWith('+')) return 'add';
    if (line.startsWith('-')) return 'del';
    return 'same';
  };
  return h('pre', { class: 'mono diff', tabindex: 0 },
    diff.replace(/\n$/, '').split('\n').map((line) => h('span', { class: kind(line) }, line)));
}

/** refreshReview reloads the promotion dry run. */
export function refreshReview() {
  return attempt($('review-note'), async () => {
    const res = await post('/v1/promote?dry_run=true');
    const decisions = res.decisions ?? [];
    const candidates = decisions.filter((d) => d.action === 'promote');
    const others = decisions.filter((d) => d.action !== 'promote');
    $('promote-rule').textContent = ruleText(res.rule);
    fill($('candidates'), candidates.length
      ? candidates.map(candidateView)
      : empty('No candidate: nothing meets the promotion rule yet.'));
    $('approve-all').hidden = candidates.length === 0;
    $('approve-all').disabled = false;
    fill($('promote-diff'), res.diff ? diffView(res.diff) : empty(`${res.path?.split('/').pop() || 'MEMORY.md'} would not change.`));
    fill($('other-decisions'),
      h('summary', {}, `Other decisions (${others.length})`),
      others.length ? h('ul', { class: 'rows' }, others.map(otherView)) : empty('None.'));
  });
}

// ruleText says what an item needs to be promoted.
function ruleText(rule) {
  if (!rule) return '';
  const parts = [`at least ${count(rule.min_successes, 'success', 'successes')}`, `from ${count(rule.min_agents, 'agent')}`];
  if (rule.cross_project) parts.push('not tied to a single project');
  parts.push(`failure rate at most ${pct(100 * rule.max_failure_rate)}`);
  return `Promoted when an item has ${parts.join(', ')}.`;
}

// evidence is the line of figures behind a decision.
function evidence(d) {
  return [
    `${count(d.successes, 'success', 'successes')}, ${count(d.failures, 'failure')} (${pct(100 * d.failure_rate)} failed)`,
    d.agents?.length > 0 && `agents: ${d.agents.join(', ')}`,
    d.projects?.length > 0 && `projects: ${d.projects.join(', ')}`,
  ].filter(Boolean).join(' · ');
}

// candidateView is one candidate with its evidence and its two buttons.
function candidateView(d) {
  return h('li', { class: 'candidate', dataset: { id: d.item } },
    h('div', {}, h('span', { class: 'kind' }, d.kind), ' ', h('strong', {}, d.title), h('span', { class: 'muted' }, ` ${d.item}`)),
    h('div', { class: 'meta' }, evidence(d)),
    d.reasons?.length > 0 && h('ul', { class: 'reasons' }, d.reasons.map((r) => h('li', {}, r))),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'approve' }, 'Approve'),
      h('button', { type: 'button', class: 'reject' }, 'Reject')));
}

// otherView is a decision that is not a candidate, with its reasons.
function otherView(d) {
  return h('li', {}, h('span', { class: `badge act-${d.action}` }, d.action), ' ', d.title, h('span', { class: 'muted' }, ` ${d.item}`),
    h('div', { class: 'meta' }, evidence(d)),
    d.reasons?.length > 0 && h('div', { class: 'muted' }, d.reasons.join('; ')));
}

// onCandidateClick approves or rejects the candidate whose button was hit.
function onCandidateClick(e) {
  const button = e.target.closest('button');
  const id = button?.closest('.candidate')?.dataset.id;
  if (!id) return;
  if (button.classList.contains('approve')) decide({ items: [id] }, button);
  if (button.classList.contains('reject')) decide({ reject: [id] }, button);
}

// decide posts an approval ({items}) or a rejection ({reject}), then
// reloads the review and the backups (a promotion backs MEMORY.md up).
async function decide(body, button) {
  const box = $('review-result');
  button.disabled = true;
  try {
    const res = await post('/v1/promote', body);
    note(box, body.reject
      ? `Rejected ${body.reject.join(', ')}: it will not be proposed again.`
      : `Promoted to MEMORY.md: ${res?.added?.length ? res.added.join(', ') : 'nothing new'}.`);
  } catch (err) {
    note(box, err.message, 'error');
    button.disabled = false;
    return;
  }
  await Promise.all([refreshReview(), refreshBackups()]);
  $('candidates-h').focus();
}

/** refreshBackups reloads the list of backups of MEMORY.md and MEMORY_SUMMARY.md. */
export function refreshBackups() {
  return attempt($('backups-note'), async () => {
    const list = (await get('/v1/backups')) ?? [];
    fill($('backups'), list.length ? list.map(backupView) : empty('No backup yet: one is made before each change.'));
  });
}

// backupView is one backup with its buttons.
function backupView(b) {
  return h('li', { class: 'backup', dataset: { id: b.id, file: b.file } },
    h('span', { class: 'mono' }, b.file), ' · ', timeEl(b.ts), ` · ${bytes(b.bytes)} `, h('span', { class: 'muted mono' }, b.id),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'view' }, 'Show diff'),
      h('button', { type: 'button', class: 'restore' }, 'Restore…')));
}

// onBackupClick shows a backup, asks to confirm a restore, or restores.
function onBackupClick(e) {
  const button = e.target.closest('button');
  const row = button?.closest('.backup');
  if (!row) return;
  const { file, id } = row.dataset;
  if (button.classList.contains('view')) showBackup(file, id);
  if (button.classList.contains('restore')) askRestore(row);
  if (button.classList.contains('cancel')) cancelRestore(row);
  if (button.classList.contains('confirm')) restore(file, id, button);
}

// askRestore shows the Confirm and Cancel buttons under a backup.
function askRestore(row) {
  if (row.querySelector('.confirm-box')) return;
  const confirm = h('button', { type: 'button', class: 'confirm danger' }, 'Confirm');
  row.append(h('div', { class: 'confirm-box', role: 'group', 'aria-label': 'Confirm the restore' },
    `Replace the current ${row.dataset.file} with this backup? The current version is backed up first. `,
    confirm, ' ', h('button', { type: 'button', class: 'cancel' }, 'Cancel')));
  confirm.focus();
}

// cancelRestore takes the confirmation away and goes back to Restore.
function cancelRestore(row) {
  row.querySelector('.confirm-box').remove();
  row.querySelector('.restore').focus();
}

// restore puts a backup back, then reloads the backups and the review.
async function restore(file, id, button) {
  const box = $('backups-result');
  button.disabled = true;
  try {
    const res = await post('/v1/backups/restore', { file, id });
    const kept = res.backup ? `; the version it replaced was saved as ${res.backup}` : '';
    note(box, `Restored ${res.file} from ${res.restored}${kept}.`);
  } catch (err) {
    note(box, err.message, 'error');
    button.disabled = false;
    return;
  }
  // A backup shown compares with the file as it is now: shown again.
  const open = !$('backup-view').hidden && shown;
  await Promise.all([refreshBackups(), refreshReview(), open && showBackup(shown.file, shown.id)]);
  $('backups-h').focus();
}

// shown is the backup the backup view shows ({file, id}), if any.
let shown = null;

// showBackup shows a backup's diff from the current file, and its text.
async function showBackup(file, id) {
  shown = { file, id };
  const body = $('backup-body');
  $('backup-view').hidden = false;
  $('backup-title').textContent = `${file} backup ${id}`;
  fill(body, h('p', { class: 'muted' }, 'Loading…'));
  try {
    const b = await get(`/v1/backups/${encodeURIComponent(id)}?file=${encodeURIComponent(file)}`);
    fill(body,
      h('p', { class: 'muted' }, `From the current ${b.file} to this backup (taken `, timeEl(b.ts), `, ${bytes(b.bytes)}):`),
      b.diff ? diffView(b.diff) : empty('Identical to the current file.'),
      h('details', {}, h('summary', {}, 'Full text of the backup'), h('pre', { class: 'mono', tabindex: 0 }, b.text)));
  } catch (err) {
    fill(body, h('p', { class: 'error' }, err.message));
  }
  $('backup-view').focus();
}
