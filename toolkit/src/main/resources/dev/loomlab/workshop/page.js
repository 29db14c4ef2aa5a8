// The workshop page: polls GET /api/results and redraws when its version changes. Every name,
// label and reason goes in as text (textContent), never as HTML.
'use strict';
const POLL_MILLIS = 2000;
let shown = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function cell(value) {
  if (value === null) return el('td', '');
  if (typeof value === 'number') return el('td', value.toLocaleString('en', { maximumFractionDigits: 2 }));
  return el('td', value, 'text');
}

function table(data) {
  const t = el('table');
  const head = el('tr');
  data.columns.forEach(c => head.appendChild(el('th', c)));
  t.appendChild(head);
  data.rows.forEach(row => {
    const tr = el('tr');
    row.forEach(v => tr.appendChild(cell(v)));
    t.appendChild(tr);
  });
  return t;
}

function fill(id, nodes) {
  const section = document.getElementById(id);
  section.replaceChildren(...nodes);
}

function render(data) {
  const refusals = [];
  if (data.refusals.length > 0) {
    refusals.push(el('h2', 'Refused'));
    data.refusals.slice().reverse().forEach(r => {
      refusals.push(el('p', r.at + ' ' + (r.participant ? r.participant + ': ' : '') + r.reason, 'refused'));
    });
  }
  fill('refusals', refusals);
  const machines = [el('h2', 'Machines (' + data.machines.length + ')')];
  if (data.machines.length === 0) {
    machines.push(el('p', 'No results yet.', 'note'));
  } else {
    machines.push(table(data.machinesTable));
  }
  fill('machines', machines);
  fill('notes', data.notes.map(n => el('p', n, 'note')));
  const experiments = [];
  data.experiments.forEach(e => {
    const section = el('section');
    section.id = 'experiment-' + e.name.replace(/[^a-z0-9]/gi, '-');
    section.appendChild(el('h2', e.name));
    section.appendChild(table(e.table));
    e.marks.forEach(m => section.appendChild(el('p', m.line, 'mark')));
    if (e.chartPng) {
      const img = el('img');
      img.alt = e.chartTitle;
      img.src = 'data:image/png;base64,' + e.chartPng;
      section.appendChild(el('p')).appendChild(img);
    } else if (e.chartError) {
      section.appendChild(el('p', e.chartError, 'refused'));
    }
    experiments.push(section);
  });
  fill('experiments', experiments);
}

async function poll() {
  const status = document.getElementById('status');
  try {
    const response = await fetch('/api/results', { cache: 'no-store' });
    if (!response.ok) throw new Error('HTTP ' + response.status);
    const data = await response.json();
    if (data.version !== shown) {
      render(data);
      shown = data.version;
      document.body.dataset.version = data.version;
    }
    status.textContent = data.machines.length + ' machines · updated ' + new Date().toLocaleTimeString();
  } catch (error) {
    status.textContent = 'cannot reach the server (' + error.message + '); retrying';
  } finally {
    setTimeout(poll, POLL_MILLIS);
  }
}

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

poll();
