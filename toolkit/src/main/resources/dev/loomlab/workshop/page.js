// The workshop page. It polls GET /api/results with If-None-Match (an unchanged poll is a 304 with
// no body) and ?since= (a changed one carries only the machines stored since), and draws its
// tables (one row per machine) and charts (one strip plot per experiment, an inline SVG) from the
// data. Every name, label and reason goes in as text (textContent), never as HTML.
'use strict';
const POLL_MILLIS = 2000;
const MAX_VALUE_COLUMNS = 7;
const OPEN_MACHINES = 20;
// the teacher and the highlighted machine are rings around a dot; a kind's colour comes from the server (view.Palette)
const TEACHER = '#000', SELECTED = '#E69F00', OTHERS = '#999';
const colour = name => (state.shared && state.shared.palette[name]) || OTHERS;

const state = { version: null, ids: [], machines: new Map(), shared: null, selected: '', open: {}, polls: { changed: 0, notModified: 0 } };

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

// The one rule for printing numbers, view.Grid.print's: whole from 100 up (with thousands separators), three
// significant digits below, at most nine decimals; WorkshopBrowserTest checks that the two agree.
function number(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const abs = Math.abs(value);
  if (abs >= 100 || Number.isInteger(value)) return value.toLocaleString('en', { maximumFractionDigits: 0 });
  return value.toLocaleString('en', abs < 1e-7 ? { maximumFractionDigits: 9, useGrouping: false } : { maximumSignificantDigits: 3, useGrouping: false });
}

function fill(id, nodes) {
  document.getElementById(id).replaceChildren(...nodes);
}

function machines() {
  return state.ids.map(id => state.machines.get(id)).filter(m => m);
}

function median(values) {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The rows of an experiment the filters keep. */
function visibleRows(experiment) {
  const kind = document.getElementById('kind').value;
  const n = document.getElementById('n').value;
  return experiment.rows.filter(r => (!kind || r.kind === kind) && (!n || String(r.n) === n));
}

/** BEAM here for a row: the median over machines of the BEAM row with the same experiment, sizes and metric. */
function beamHere(experiment, row, all) {
  const key = [experiment.name, 'beam', row.n, row.m, row.metric].join('|');
  return median(all.map(m => m.values[key]).filter(v => typeof v === 'number'));
}

function rowClass(machine) {
  return 'machine' + (machine.teacher ? ' teacher' : '') + (machine.id === state.selected ? ' selected' : '');
}

function select(id) {
  state.selected = state.selected === id ? '' : id;
  document.getElementById('who').value = state.selected;
  draw();
}

/** A folded block that stays as the viewer left it across redraws. */
function fold(key, summary, cls, open) {
  const details = el('details');
  details.open = key in state.open ? state.open[key] : open;
  details.addEventListener('toggle', () => { state.open[key] = details.open; });
  details.appendChild(el('summary', summary, cls));
  return details;
}

function table(columns, rows) {
  const t = el('table');
  const head = el('thead');
  const tr = el('tr');
  columns.forEach(c => tr.appendChild(el('th', c)));
  head.appendChild(tr);
  t.appendChild(head);
  const body = el('tbody');
  rows.forEach(r => body.appendChild(r));
  t.appendChild(body);
  return t;
}

function machinesSection(all) {
  const nodes = [el('h2', 'Machines (' + all.length + ')')];
  if (all.length === 0) {
    nodes.push(el('p', 'No results yet.', 'note'));
    return nodes;
  }
  const rows = all.map(m => {
    const tr = el('tr', null, rowClass(m));
    tr.title = 'entry ' + m.id;
    const marks = (m.teacher ? ['teacher'] : []).concat(m.complete ? [] : ['stopped early'])
      .concat(Array.from(new Set(m.marks.map(k => k.mark))));
    const received = (m.receivedAt || '').replace(/^.*T/, '').replace('Z', ' UTC');
    [m.participant, m.machine, m.processors, m.jdk, (m.gc || '').split(' ')[0], number(m.cap), m.toolkit, received, marks.join(', ')]
      .forEach((v, i) => tr.appendChild(el('td', v, i === 2 || i === 5 ? '' : 'text')));
    tr.lastChild.previousSibling.title = m.receivedAt;
    tr.addEventListener('click', () => select(m.id));
    return tr;
  });
  // a room's worth of rows would push the charts off the projector: folded, one click away
  const details = fold('machines', 'every machine\'s JDK, GC, cap and marks (click a row to highlight it)', 'note', all.length <= OPEN_MACHINES);
  details.appendChild(table(['participant', 'machine', 'CPUs', 'JDK', 'GC', 'cap', 'toolkit', 'received', 'marks'], rows));
  nodes.push(details);
  return nodes;
}

/** An experiment's table: a row per machine, a column per kind, n and metric kept by the filters (at most MAX_VALUE_COLUMNS). */
function experimentTable(experiment, rows, all) {
  const shown = rows.slice(0, MAX_VALUE_COLUMNS);
  const columns = ['machine'].concat(shown.map(r => r.kind + ' n=' + r.size + ' ' + r.metric)).concat(['marks']);
  const body = [];
  const reference = (name, value) => {
    const tr = el('tr', null, 'reference');
    tr.appendChild(el('td', name, 'text'));
    shown.forEach(r => tr.appendChild(el('td', number(value(r)))));
    tr.appendChild(el('td', ''));
    return tr;
  };
  body.push(reference('BEAM published', r => r.published));
  body.push(reference('BEAM here (median)', r => beamHere(experiment, r, all)));
  all.forEach(m => {
    if (!experiment.rows.some(r => typeof m.values[r.key] === 'number')) return;
    const tr = el('tr', null, rowClass(m));
    tr.appendChild(el('td', m.column, 'text'));
    shown.forEach(r => {
      const marks = m.marked[r.key];
      const cold = marks && marks.includes('cold run');
      const interval = m.intervals ? m.intervals[r.key] : undefined;
      const td = el('td', number(m.values[r.key]) + (interval ? ' ' + interval : '') + (cold ? ' *' : ''), cold ? 'cold' : '');
      if (marks || interval) td.title = [interval ? 'median, 95% interval ' + interval : '', marks || ''].filter(t => t).join('; ');
      tr.appendChild(td);
    });
    tr.appendChild(el('td', Array.from(new Set(m.marks.filter(k => k.experiment === experiment.name).map(k => k.mark))).join(', '), 'text'));
    tr.addEventListener('click', () => select(m.id));
    body.push(tr);
  });
  const nodes = [table(columns, body)];
  if (rows.length > shown.length) {
    nodes.push(el('p', (rows.length - shown.length) + ' more columns: choose a kind or an n above to see them.', 'note'));
  }
  return nodes;
}

function experimentSection(experiment, all) {
  const section = el('section');
  section.id = 'experiment-' + experiment.name.replace(/[^a-z0-9]/gi, '-');
  section.appendChild(el('h2', experiment.name));
  const rows = visibleRows(experiment);
  if (rows.length === 0) {
    section.appendChild(el('p', 'Nothing measured at this kind and n.', 'note'));
    return section;
  }
  section.appendChild(chart(experiment, rows, all));
  section.appendChild(legend(rows));
  const details = fold('table ' + experiment.name, 'the figures, a row per machine', 'note', all.length <= OPEN_MACHINES);
  experimentTable(experiment, rows, all).forEach(n => details.appendChild(n));
  section.appendChild(details);
  const marks = all.flatMap(m => m.marks.filter(k => k.experiment === experiment.name));
  if (marks.length > 0) {
    const marked = fold('marks ' + experiment.name, 'Marked figures (' + marks.length + '): cold runs are * in the table and hollow dots in the chart', 'mark', false);
    marks.forEach(k => marked.appendChild(el('p', k.line, 'mark')));
    section.appendChild(marked);
  }
  return section;
}

function options(id, values, first) {
  const selectElement = document.getElementById(id);
  const chosen = selectElement.value;
  const nodes = [el('option', first)];
  nodes[0].value = '';
  values.forEach(([value, words]) => {
    const option = el('option', words);
    option.value = value;
    nodes.push(option);
  });
  selectElement.replaceChildren(...nodes);
  selectElement.value = values.some(([v]) => v === chosen) ? chosen : '';
}

function draw() {
  const data = state.shared;
  if (!data) return;
  const all = machines();
  const rows = data.experiments.flatMap(e => e.rows);
  options('kind', Array.from(new Set(rows.map(r => r.kind))).map(k => [k, k]), 'every kind');
  const sizes = new Map();
  rows.forEach(r => sizes.set(String(r.n), number(r.n)));
  options('n', Array.from(sizes.entries()).sort((a, b) => a[0] - b[0]), 'every n');
  options('who', all.map(m => [m.id, m.column]), 'nobody');
  document.getElementById('who').value = state.selected;
  const entry = document.getElementById('remove-entry');
  const keep = entry.value;
  entry.replaceChildren(...all.map(m => { const o = el('option', m.column + ' — ' + m.id); o.value = m.id; return o; }));
  if (all.some(m => m.id === keep)) entry.value = keep;

  const refusals = [];
  if (data.refusals.length > 0) {
    refusals.push(el('h2', 'Refused'));
    data.refusals.slice().reverse().forEach(r => {
      refusals.push(el('p', r.at + ' ' + (r.participant ? r.participant + ': ' : '') + r.reason, 'refused'));
    });
  }
  fill('refusals', refusals);
  fill('machines', machinesSection(all));
  fill('notes', data.notes.map(n => el('p', n, 'note')));
  fill('experiments', data.experiments.map(e => experimentSection(e, all)));
}

function merge(data) {
  if (!data.since) state.machines.clear();
  data.machines.forEach(m => state.machines.set(m.id, m));
  const current = new Set(data.ids);
  Array.from(state.machines.keys()).forEach(id => { if (!current.has(id)) state.machines.delete(id); });
  if (state.selected && !current.has(state.selected)) state.selected = '';
  state.ids = data.ids;
  state.shared = data;
  state.version = data.version;
}

async function poll() {
  const status = document.getElementById('status');
  try {
    const headers = state.version ? { 'If-None-Match': '"' + state.version + '"' } : {};
    const url = '/api/results' + (state.version ? '?since=' + encodeURIComponent(state.version) : '');
    const response = await fetch(url, { cache: 'no-store', headers: headers });
    if (response.status === 304) {
      state.polls.notModified++;
    } else if (response.ok) {
      merge(await response.json());
      state.polls.changed++;
      draw();
      document.body.dataset.version = state.version;
    } else {
      throw new Error('HTTP ' + response.status);
    }
    document.body.dataset.polls = state.polls.changed + ' changed, ' + state.polls.notModified + ' unchanged';
    document.body.dataset.lastPoll = String(response.status);
    status.textContent = state.ids.length + ' machines · checked ' + new Date().toLocaleTimeString();
  } catch (error) {
    status.textContent = 'cannot reach the server (' + error.message + '); retrying';
  } finally {
    setTimeout(poll, POLL_MILLIS);
  }
}

async function join() {
  try {
    const response = await fetch('/api/join', { cache: 'no-store' });
    const data = await response.json();
    document.getElementById('join-url').textContent = data.url;
    document.getElementById('join-code').textContent = data.code;
    document.getElementById('join-command').textContent = data.command;
  } catch (error) {
    document.getElementById('join-url').textContent = 'unknown (' + error.message + ')';
  }
}

['kind', 'n'].forEach(id => document.getElementById(id).addEventListener('change', draw));
document.getElementById('who').addEventListener('change', event => { state.selected = event.target.value; draw(); });

document.getElementById('upload').addEventListener('submit', async event => {
  event.preventDefault();
  const answer = document.getElementById('answer');
  const file = document.getElementById('file').files[0];
  const name = document.getElementById('name').value;
  const code = document.getElementById('code').value;
  if (!file) return;
  answer.textContent = 'sending…';
  try {
    const response = await fetch('/api/results', {
      method: 'POST',
      headers: { 'X-Workshop-Code': code, 'X-Participant': encodeURIComponent(name), 'Content-Type': 'application/json' },
      body: file,
    });
    answer.textContent = response.status + ' ' + (await response.text());
  } catch (error) {
    answer.textContent = 'could not send: ' + error.message;
  }
});

document.getElementById('remove').addEventListener('submit', async event => {
  event.preventDefault();
  const answer = document.getElementById('removed');
  const id = document.getElementById('remove-entry').value;
  if (!id) return;
  try {
    const response = await fetch('/api/results/' + encodeURIComponent(id), {
      method: 'DELETE', headers: { 'X-Teacher-Token': document.getElementById('token').value },
    });
    answer.textContent = response.status + ' ' + (await response.text());
  } catch (error) {
    answer.textContent = 'could not remove: ' + error.message;
  }
});

join();
poll();
