/**
 * The core's arm runs the chain templates are held to: the chain command
 * (`cargo run -p forcelab --release --example chain -- --json --dynamics ...`) run once
 * per arm, giving each law's joint angles and rates, its torques, and the chain's mass
 * matrix, gravity and bias at every step. Node only.
 */
import { execFileSync } from 'node:child_process';
import { buildExample } from '../../../engines/example.mjs';

/** An arm as the chain command takes it. */
export interface ArmCase {
  /** Its label in a test's name. */
  label: string;
  links: { length: number; mass: number }[];
  gravity: number;
  start: number[];
  target: number[];
  kp: number;
  kd: number;
  ki: number;
  dt: number;
  seconds: number;
}

/** One law's run as the chain command prints it with `--dynamics`. */
export interface LawTrace {
  law: string;
  /** After each step, the start first (one row more than `tau`). */
  q: number[][];
  qd: number[][];
  /** Each step's torques, N m per joint. */
  tau: number[][];
  /** At the state each step starts from. */
  massMatrix: number[][][];
  gravity: number[][];
  bias: number[][];
  failed: { step: number; message: string } | null;
}

/** Every law's run on `arm`, from the core. */
export function coreArmRuns(arm: ArmCase): LawTrace[] {
  const bin = buildExample('chain');
  const list = (xs: number[]) => xs.map(String).join(',');
  const args = [
    '--json', '--dynamics',
    '--links', arm.links.map((l) => `${l.length}:${l.mass}`).join(','),
    '--gravity', String(arm.gravity),
    '--start', list(arm.start),
    '--target', list(arm.target),
    '--kp', String(arm.kp), '--kd', String(arm.kd), '--ki', String(arm.ki),
    '--dt', String(arm.dt), '--seconds', String(arm.seconds),
  ];
  return JSON.parse(execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 256 << 20 })) as LawTrace[];
}

/**
 * The replay of a run for a stand-in engine, as numbers: `n steps`, then
 * `length com mass inertia` per link (uniform rods: the center of mass at half the
 * length, the inertia m l^2 / 12), then per step `q[n] qd[n] gravity[n] coriolis[n]`
 * at the state it starts from (coriolis: the bias less gravity, as PhysX lists it apart).
 */
export function replayText(arm: ArmCase, run: LawTrace): string {
  const n = arm.links.length;
  const lines = [`${n} ${run.tau.length}`, ...arm.links.map((l) => `${l.length} ${l.length / 2} ${l.mass} ${(l.mass * l.length * l.length) / 12}`)];
  for (let k = 0; k < run.tau.length; k++) {
    const coriolis = run.bias[k]!.map((c, i) => c - run.gravity[k]![i]!);
    lines.push([...run.q[k]!, ...run.qd[k]!, ...run.gravity[k]!, ...coriolis].map((v) => v.toPrecision(17)).join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/** The largest difference of `mine` (each step's torques, flat) from the core's, relative past 1 N m. */
export function worstTorqueGap(mine: readonly number[], run: LawTrace): number {
  const core = run.tau.flat();
  if (mine.length !== core.length) return Infinity;
  // A NaN (a dropped term that broke the solve) is as far off as can be.
  return Math.max(0, ...core.map((c, i) => Math.abs(mine[i]! - c) / Math.max(1, Math.abs(c)) || (mine[i] === c ? 0 : Infinity)));
}
