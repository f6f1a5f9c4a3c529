/** The full claims table: each claim, its measured figure, verdict and conditions, linked to its chapter. */
import { badge as badgeOf, claimTable, VERDICT_WORDS } from '../core/claims';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';
import { RACE, type Best } from '../core/race';
import { LAW_LABELS } from '../core/catalogue';
import { el, fillTable } from '../ui/dom';
import { formatNumber } from '../ui/params';

const ARTICLES: Record<string, string> = {
  '000': 'SPD calculator (000)',
  '001': 'PID steering (001)',
  '002': 'Wu, stable backward PD (002)',
  '003': 'Bloom, implicit PD (003)',
  '004': 'submarine PID (004)',
};

/**
 * `text` as nodes, each range of numbers ("160-640", "0.1-2") and each number with an
 * exponent ("1.1e-16") in a span that does not wrap: one word on a phone, never broken at
 * its minus sign. The text itself is unchanged (the CSV holds the same).
 */
function wholeRanges(text: string): Node[] {
  return text
    .split(/(\d[\d.]*e-\d+|\d[\d.]*-\d[\d.]*)/)
    .map((part, k) => (k % 2 ? el('span', { class: 'nowrap' }, part) : document.createTextNode(part)));
}

/** An article's name, or the source as the core words it (an engine's documentation). */
function source(article: string): string {
  return ARTICLES[article.slice(0, 3)] ?? article;
}

export function mountClaims(host: HTMLElement, link: FigureLink): void {
  const table = document.createElement('table');
  // On a phone each claim becomes a card, its cells labelled by their column (styles.css).
  table.className = 'readout claims-table cards-on-phone';
  const caption = table.createCaption();
  const claims = claimTable();
  const counts = new Map<string, number>();
  for (const c of claims) counts.set(VERDICT_WORDS[c.verdict], (counts.get(VERDICT_WORDS[c.verdict]) ?? 0) + 1);
  caption.textContent = `${claims.length} claims: ${[...counts].map(([v, n]) => `${n} ${v}`).join(', ')}`;
  const head = table.createTHead().insertRow();
  const columns = ['source', 'claim', 'measured', 'verdict', 'conditions'];
  for (const h of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  for (const c of claims) {
    const row = body.insertRow();
    row.dataset.claim = c.id;
    row.insertCell().textContent = source(c.article);
    const claimCell = row.insertCell();
    // Every claim names the chapter that shows it (the core's `Claim::chapter`).
    const a = document.createElement('a');
    a.href = `${c.chapter}.html`;
    a.append(...wholeRanges(c.claim));
    claimCell.append(a);
    // The number whole on one line: "1.1e-16" would break at its minus sign in a narrow column.
    row.insertCell().append(el('span', { class: 'nowrap' }, `${Number.isFinite(c.figure) ? Number(c.figure.toPrecision(4)) : '—'}`), ` ${c.unit}`);
    const b = badgeOf(c);
    const attributes = { class: `verdict ${b.className}`, 'data-claim': c.id, 'data-verdict': b.verdict, title: b.title, 'aria-label': b.label };
    row.insertCell().append(el('span', attributes, b.text));
    row.insertCell().append(...wholeRanges(c.conditions || '—'));
    [...row.cells].forEach((cell, k) => (cell.dataset.label = columns[k]!));
  }
  const header = ['id', 'source', 'claim', 'measured', 'unit', 'verdict', 'conditions', 'chapter'];
  const rows = claims.map((c) => [c.id, source(c.article), c.claim, Number.isFinite(c.figure) ? c.figure : null, c.unit, VERDICT_WORDS[c.verdict], c.conditions, c.chapter]);
  host.append(table, foldedExports(tableExport('claims', () => ({ header, rows })), link.shareBar()), raceTable());
}

/** A law's best in one race, as the table prints it: settle, peak force, gains. */
function best(b: Best): [string, string, string] {
  // A law that cannot meet the rules is shown with its closest try, so the reader sees by how much.
  if (!b.feasible) return [`not met (closest: ${b.response.settle === null ? 'never settles' : `${formatNumber(b.response.settle)} s`}, ${formatNumber(b.response.overshoot * 100)} % overshoot)`, `${formatNumber(b.response.peakEffort)} N`, '—'];
  const g = b.gains;
  const gains = `kp ${formatNumber(g.kp)}, kd ${formatNumber(g.kd)}${g.ki ? `, ki ${formatNumber(g.ki)}` : ''}`;
  return [`${formatNumber(b.response.settle ?? Number.NaN)} s`, `${formatNumber(b.response.peakEffort)} N`, g.kp || g.kd ? gains : 'none (no gains)'];
}

/**
 * The tuner's race of the laws: which law is really better, measured. Every law picks
 * its own best gains (the core's tuner, `forcelab::design::race`), so the comparison
 * is of the laws, not of one set of gains.
 */
function raceTable(): HTMLElement {
  const { rules, rows } = RACE;
  const table = el('table', { class: 'readout race-table' });
  const head = ['law', 'fastest settle', 'peak force', 'gains (N/m, N·s/m)', `fastest within ${rules.maxEffort} N`, 'peak force', 'gains'];
  const cells = rows.map((r) => [LAW_LABELS[r.law] ?? r.law, ...best(r.unlimited), ...best(r.budget)]);
  const within = rows.filter((r) => r.budget.feasible).map((r) => r.budget.response.settle!);
  fillTable(
    table,
    `The fastest each law settles a ${formatNumber(rules.mass)} kg body on a 1 m step at ${formatNumber(1 / rules.dt)} Hz (semi-implicit Euler) with at most ${formatNumber(rules.overshoot * 100)} % overshoot, each with its own best gains; then within ${rules.maxEffort} N`,
    head,
    cells,
  );
  const spread = within.length ? `Within ${rules.maxEffort} N the laws settle between ${formatNumber(Math.min(...within))} and ${formatNumber(Math.max(...within))} s: the force budget, not the law, sets the pace.` : '';
  return el(
    'section',
    { class: 'race', 'aria-label': 'Which law is really better' },
    el('h2', {}, 'Which law is really better: the race'),
    el('p', {}, `The articles each argue for their law. Here the tuner gives every law its own best gains and measures how soon it settles without overshoot. Unlimited, the laws that look one step ahead can be stiffer at this step and settle in a few steps, at thousands of newtons. ${spread}`),
    el('div', { class: 'table-scroll' }, table),
    tableExport('race', () => ({
      header: ['law', 'label', ...['', ' within budget'].flatMap((w) => [`feasible${w}`, `settle${w} (s)`, `peak force${w} (N)`, `kp${w}`, `kd${w}`, `ki${w}`])],
      rows: rows.map((r) => [r.law, LAW_LABELS[r.law] ?? r.law, ...[r.unlimited, r.budget].flatMap((b) => [String(b.feasible), b.response.settle, b.response.peakEffort, b.gains.kp, b.gains.kd, b.gains.ki])]),
    })),
  );
}
