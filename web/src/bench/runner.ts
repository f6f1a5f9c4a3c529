/**
 * Runs every contender on the same scenario, interleaved: each repetition times every
 * contender once before the next repetition starts, so a slow spell of a shared
 * machine falls on all of them alike. The first repetition warms up the JIT and is not
 * counted; the figure is the median of the rest.
 */
import type { Contender } from './contenders';
import { planarSwarm } from './scenario';

/** One contender at one N. */
export interface BenchResult {
  contender: string;
  n: number;
  /** Steps per timed run. */
  steps: number;
  /** Median time per body per step, ns. */
  nsPerBodyStep: number;
  /** Every counted repetition, ns per body-step. */
  samples: number[];
  /** Sum of final x and y after `steps` steps (the same for every repetition). */
  checksum: number;
}

/** Steps per timed run: about a million body-steps, at least 10 steps. */
export function stepsFor(n: number): number {
  return Math.max(10, Math.round(1e6 / n));
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Times every contender at every N, `repetitions` counted runs each after one warm-up. */
export async function runBench(
  contenders: Contender[],
  sizes: number[],
  repetitions: number,
  seed: number,
  progress: (message: string) => void = () => {},
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const n of sizes) {
    const swarm = planarSwarm(n, seed);
    const steps = stepsFor(n);
    const samples = new Map<string, number[]>(contenders.map((c) => [c.id, []]));
    const checksums = new Map<string, number>();
    for (let rep = 0; rep <= repetitions; rep++) {
      for (const contender of contenders) {
        progress(`N = ${n}: ${contender.label}, run ${rep + 1} of ${repetitions + 1}`);
        await pause();
        const run = contender.setup(swarm, seed);
        const start = performance.now();
        run.step(steps);
        const elapsed = performance.now() - start;
        const checksum = run.checksum();
        run.dispose();
        const previous = checksums.get(contender.id);
        if (previous !== undefined && previous !== checksum) {
          throw new Error(`${contender.id} gave checksum ${checksum}, then ${previous}: not reproducible`);
        }
        checksums.set(contender.id, checksum);
        if (rep > 0) samples.get(contender.id)!.push((elapsed * 1e6) / (n * steps));
      }
    }
    for (const contender of contenders) {
      const counted = samples.get(contender.id)!;
      results.push({
        contender: contender.id,
        n,
        steps,
        nsPerBodyStep: median(counted),
        samples: counted,
        checksum: checksums.get(contender.id)!,
      });
    }
  }
  return results;
}
