/**
 * Every claim of the articles with the figure the core measures and its verdict, read
 * from `claims.json`, which `npm run core-data` writes from the core's native run
 * (`forcelab::claims::all_claims`) and `npm test` holds to it. The chapters' badges and
 * the claims table read it here, so a chapter downloads no wasm to write a badge;
 * `claims.test.ts` measures the same claims again in wasm and holds the two equal.
 */
import table from './claims.json';

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

