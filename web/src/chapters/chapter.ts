/**
 * What every chapter page runs: it writes each verdict badge from the claims the core
 * measured (`core/claims.ts`), and mounts each figure (`<div class="figure"
 * data-scene="ID">`) through the figure registry (`figures/registry.ts`): a Lab figure
 * from the core's preset of that id, any other from its own module.
 */
import '../styles.css';
import '../lab/lab.css';
import './chapter.css';
import { claimTable, VERDICT_WORDS, type Claim } from '../core/claims';
import { mountFigure } from '../figures/registry';

const VERDICT_CLASS: Record<Claim['verdict'], string> = {
  holds: 'holds',
  'holds-with-conditions': 'conditional',
  'does-not-hold': 'fails',
};

/** Writes the verdict badge `<span class="verdict" data-claim="ID">` for a claim. */
export function fillBadge(badge: HTMLElement, claim: Claim): void {
  badge.textContent = VERDICT_WORDS[claim.verdict];
  badge.dataset.verdict = claim.verdict;
  badge.classList.add(VERDICT_CLASS[claim.verdict]);
  const figure = Number.isFinite(claim.figure) ? `${Number(claim.figure.toPrecision(4))} (${claim.unit})` : claim.unit;
  badge.title = `Measured: ${figure}${claim.conditions ? `. ${claim.conditions}` : ''}`;
  badge.setAttribute('aria-label', `verdict: ${VERDICT_WORDS[claim.verdict]}. ${badge.title}`);
}

/** Fills the badges and mounts the figures of this page (each loads its part of the core). */
export async function mountChapter(): Promise<void> {
  const status = document.getElementById('status');
  try {
    const claims = new Map(claimTable().map((c) => [c.id, c]));
    for (const badge of document.querySelectorAll<HTMLElement>('.verdict[data-claim]')) {
      const claim = claims.get(badge.dataset.claim!);
      if (!claim) throw new Error(`no claim ${badge.dataset.claim}`);
      fillBadge(badge, claim);
    }
    for (const host of document.querySelectorAll<HTMLElement>('.figure[data-scene]')) await mountFigure(host.dataset.scene!, host);
    if (status) status.textContent = '';
    document.body.dataset.ready = 'true';
    requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
  } catch (error) {
    if (status) {
      status.textContent = `This chapter's figures could not start: ${error instanceof Error ? error.message : String(error)}`;
      status.classList.add('error');
    }
    document.body.dataset.ready = 'failed';
    console.error(error);
  }
}
