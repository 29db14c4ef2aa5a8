// The workshop page's charts: one strip plot per experiment, an inline SVG drawn from the page's
// data (no image is fetched, nothing from the network). A panel per metric, a strip per kind and n,
// a dot per machine in its kind's colour; BEAM published and BEAM here as bars on each strip. It
// uses page.js's state, colours and helpers (number, colour, beamHere, select): it is loaded first,
// and its functions run only when page.js draws.
'use strict';
const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attributes || {}).forEach(([k, v]) => node.setAttribute(k, String(v)));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/** One strip plot: a panel per metric, a strip per kind and n, a dot per machine, BEAM's marks on each strip. */
function chart(experiment, rows, all) {
  const metrics = Array.from(new Set(rows.map(r => r.metric)));
  const width = 1000, left = 200, right = 20, strip = 24, gap = 34;
  let height = 6;
  metrics.forEach(metric => { height += gap + strip * rows.filter(r => r.metric === metric).length; });
  const root = svg('svg', { class: 'chart', viewBox: '0 0 ' + width + ' ' + height, width: width, height: height, role: 'img' });
  root.appendChild(svg('title', {}, experiment.name + ': every machine\'s figure, one dot per machine'));
  let top = 6;
  metrics.forEach(metric => {
    const strips = rows.filter(r => r.metric === metric);
    const points = [];
    strips.forEach(r => {
      all.forEach(m => { if (typeof m.values[r.key] === 'number') points.push(m.values[r.key]); });
      if (typeof r.published === 'number') points.push(r.published);
      const here = beamHere(experiment, r, all);
      if (here !== null) points.push(here);
    });
    const positive = points.filter(v => v > 0);
    let lo = Math.min(...points), hi = Math.max(...points);
    const log = positive.length === points.length && points.length > 0 && hi / lo > 50;
    if (!(hi > lo)) { lo = lo - 1; hi = hi + 1; }
    const f = log ? Math.log10 : (v => v);
    const x = v => left + (f(v) - f(lo)) / (f(hi) - f(lo)) * (width - left - right);
    root.appendChild(svg('text', { x: 4, y: top + 14, 'font-weight': 'bold' }, metric + (log ? ' (log scale)' : '')));
    top += gap - 10;
    const bottom = top + strip * strips.length;
    const ticks = log ? decades(lo, hi) : linear(lo, hi);
    ticks.forEach(t => {
      root.appendChild(svg('line', { x1: x(t), x2: x(t), y1: top, y2: bottom, stroke: '#eee' }));
      root.appendChild(svg('text', { x: x(t), y: bottom + 11, 'text-anchor': 'middle', fill: '#555' }, number(t)));
    });
    strips.forEach((r, i) => {
      const y = top + i * strip + strip / 2;
      const figures = all.map(m => m.values[r.key]).filter(v => typeof v === 'number');
      root.appendChild(svg('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, r.kind + ' n=' + r.size + ' (' + figures.length + ')'));
      if (figures.length > 2) {
        root.appendChild(tick(x(median(figures)), y, strip, '#444', '1 2', 'median of the ' + figures.length + ' machines: ' + number(median(figures))));
      }
      root.appendChild(svg('line', { x1: left, x2: width - right, y1: y, y2: y, stroke: '#f3f3f3' }));
      if (typeof r.published === 'number') {
        root.appendChild(tick(x(r.published), y, strip, colour('BEAM published'), '', 'BEAM published: ' + number(r.published) + ' (' + r.source + ')'));
      }
      const here = beamHere(experiment, r, all);
      if (here !== null) root.appendChild(tick(x(here), y, strip, colour('BEAM here'), '4 2', 'BEAM here (median of the machines): ' + number(here)));
      const special = [];
      all.forEach((m, j) => {
        const v = m.values[r.key];
        if (typeof v !== 'number') return;
        if (m.teacher || m.id === state.selected) { special.push(m); return; }
        root.appendChild(dot(x(v), y + ((j * 7) % 11 - 5), 3, colour(r.kind), null, m, v, r));
      });
      special.forEach(m => root.appendChild(dot(x(m.values[r.key]), y, 5, colour(r.kind),
        m.id === state.selected ? SELECTED : TEACHER, m, m.values[r.key], r)));
    });
    top = bottom + 24;
  });
  return root;
}

function tick(x, y, strip, colour, dash, title) {
  const line = svg('line', { x1: x, x2: x, y1: y - strip / 2 + 2, y2: y + strip / 2 - 2, stroke: colour, 'stroke-width': 3 });
  if (dash) line.setAttribute('stroke-dasharray', dash);
  line.appendChild(svg('title', {}, title));
  return line;
}

/** A machine's dot in its kind's colour, hollow for a cold run; {@code ring} circles the teacher's and the highlighted one. */
function dot(x, y, r, fill, ring, machine, value, row) {
  const marks = machine.marked[row.key];
  const cold = marks && marks.includes('cold run');
  const c = svg('circle', { cx: x, cy: y, r: r, stroke: ring || fill, 'stroke-width': ring ? 3 : 1.5,
    fill: cold ? '#fff' : fill, 'fill-opacity': cold ? 1 : 0.75 });
  c.dataset.machine = machine.id;
  c.appendChild(svg('title', {}, machine.column + ': ' + number(value) + (marks ? ' (' + marks + ')' : '')));
  c.addEventListener('click', () => select(machine.id));
  return c;
}

function linear(lo, hi) {
  const step = Math.pow(10, Math.floor(Math.log10((hi - lo) / 4)));
  const nice = [1, 2, 5, 10].map(s => s * step).find(s => (hi - lo) / s <= 6);
  const ticks = [];
  for (let t = Math.ceil(lo / nice) * nice; t <= hi; t += nice) ticks.push(t);
  return ticks;
}

function decades(lo, hi) {
  const ticks = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) ticks.push(Math.pow(10, e));
  return ticks.length >= 2 ? ticks : linear(lo, hi);
}

function legend(rows) {
  const p = el('p', null, 'legend');
  const kinds = Array.from(new Set(rows.map(r => r.kind))).map(k => [colour(k), k, false]);
  kinds.concat([[TEACHER, 'ring: the teacher\'s machine', true], [SELECTED, 'ring: the machine highlighted', true],
    [colour('BEAM published'), 'bar: BEAM published', false], [colour('BEAM here'), 'dashed bar: BEAM here (median)', false],
    ['#444', 'dotted bar: the machines\' median', false]])
    .forEach(([c, words, ring]) => {
      const span = el('span');
      const swatch = el('span', null, 'swatch');
      if (ring) swatch.style.border = '3px solid ' + c; else swatch.style.background = c;
      span.append(swatch, words);
      p.appendChild(span);
    });
  p.appendChild(el('span', 'hollow: a cold run; (N): machines with that figure'));
  return p;
}
