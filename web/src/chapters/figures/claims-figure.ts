/** The full claims table: each claim, its measured figure, verdict and conditions, linked to its chapter. */
import { claimTable, VERDICT_WORDS } from '../../core/claims';
import { fillBadge } from '../chapter';
import type { FigureLink } from '../../figures/figure-link';
import { tableExport } from './figure-export';

const ARTICLES: Record<string, string> = {
  '000': 'SPD calculator (000)',
  '001': 'PID steering (001)',
  '002': 'Wu, stable backward PD (002)',
  '003': 'Bloom, implicit PD (003)',
  '004': 'submarine PID (004)',
};

/** An article's name, or the source as the core words it (an engine's documentation). */
function source(article: string): string {
  return ARTICLES[article.slice(0, 3)] ?? article;
}

export function mountClaims(host: HTMLElement, link: FigureLink): void {
  const table = document.createElement('table');
  table.className = 'readout claims-table';
  const caption = table.createCaption();
  const claims = claimTable();
  const counts = new Map<string, number>();
  for (const c of claims) counts.set(VERDICT_WORDS[c.verdict], (counts.get(VERDICT_WORDS[c.verdict]) ?? 0) + 1);
  caption.textContent = `${claims.length} claims: ${[...counts].map(([v, n]) => `${n} ${v}`).join(', ')}`;
  const head = table.createTHead().insertRow();
  for (const h of ['source', 'claim', 'measured', 'verdict', 'conditions']) {
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
    a.textContent = c.claim;
    claimCell.append(a);
    row.insertCell().textContent = `${Number.isFinite(c.figure) ? Number(c.figure.toPrecision(4)) : '—'} ${c.unit}`;
    const badge = document.createElement('span');
    badge.className = 'verdict';
    badge.dataset.claim = c.id;
    fillBadge(badge, c);
    row.insertCell().append(badge);
    row.insertCell().textContent = c.conditions || '—';
  }
  const header = ['id', 'source', 'claim', 'measured', 'unit', 'verdict', 'conditions', 'chapter'];
  const rows = claims.map((c) => [c.id, source(c.article), c.claim, Number.isFinite(c.figure) ? c.figure : null, c.unit, VERDICT_WORDS[c.verdict], c.conditions, c.chapter]);
  host.append(table, tableExport('claims', () => ({ header, rows })), link.shareBar());
}
