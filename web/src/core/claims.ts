/**
 * Every claim of the articles with the figure the core measures and its verdict, read
 * from `claims.json`, which `npm run core-data` writes from the core's native run
 * (`forcelab::claims::all_claims`) and `npm test` holds to it. The chapters' badges and
 * the claims table read it here, so a chapter downloads no wasm to write a badge;
 * `claims.test.ts` measures the same claims again in wasm and holds the two equal.
 */
import table from './claims.json' with { type: 'json' };

/** A verdict as the core serialises it. */
export type Verdict = 'holds' | 'holds-with-conditions' | 'does-not-hold';

/** A verdict in words, as the native claims command prints it. */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  holds: 'holds',
  'holds-with-conditions': 'holds with conditions',
  'does-not-hold': 'does not hold',
};

/** One claim of the articles, measured (see `forcelab::claims`). */
export interface Claim {
  id: string;
  article: string;
  /** The chapter page that shows it (`03-wu`), from the core. */
  chapter: string;
  /** The figure of that chapter whose numbers it measures, if one stands beside it. */
  preset: string;
  claim: string;
  figure: number;
  unit: string;
  integrator: string;
  verdict: Verdict;
  conditions: string;
}

/** Every claim with its measured figure and verdict, as the core measured it (`npm run core-data`). */
export const claimTable = (): Claim[] => table as Claim[];

/** A verdict badge's words, its class (styles.css colours it) and the tooltip that gives the measured figure. */
export interface Badge {
  text: string;
  verdict: Verdict;
  className: string;
  title: string;
  label: string;
}

const VERDICT_CLASS: Readonly<Record<Verdict, string>> = {
  holds: 'holds',
  'holds-with-conditions': 'conditional',
  'does-not-hold': 'fails',
};

/**
 * What a claim's badge shows: the verdict in words, and as its tooltip the figure the core
 * measured (4 significant digits) with its unit and the conditions. The chapters' badges
 * are written with it when the site is built (web/build/chapters-plugin.ts), the claims
 * table's in the browser, so the two say the same.
 */
export function badge(claim: Claim): Badge {
  const figure = Number.isFinite(claim.figure) ? `${Number(claim.figure.toPrecision(4))} (${claim.unit})` : claim.unit;
  const title = `Measured: ${figure}${claim.conditions ? `. ${claim.conditions}` : ''}`;
  const text = VERDICT_WORDS[claim.verdict];
  return { text, verdict: claim.verdict, className: VERDICT_CLASS[claim.verdict], title, label: `verdict: ${text}. ${title}` };
}

