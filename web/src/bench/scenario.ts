/**
 * Issue 8's benchmark scenario, reproduced in JS for the contenders that are not
 * forcelab: the same seeded draws as `forcelab::world::planar_swarm` (SplitMix64, the
 * order x, y, angle, target x, y, angle, mass, inertia per body), so every contender
 * starts from the same bodies and the checksums can be compared.
 */

/** The step, s. */
export const DT = 1 / 60;
/** Stiffness per unit mass (and inertia), 1/s^2. */
export const KP = 9;
/** Damping per unit mass (and inertia), 1/s. */
export const KD = 6;

/** Start states and targets of n bodies, struct of arrays. */
export interface Swarm {
  n: number;
  x: Float64Array;
  y: Float64Array;
  angle: Float64Array;
  targetX: Float64Array;
  targetY: Float64Array;
  targetAngle: Float64Array;
  mass: Float64Array;
  inertia: Float64Array;
}

const MASK = (1n << 64n) - 1n;

/** SplitMix64, bit for bit as the core's `lab::SplitMix64`. */
export class SplitMix64 {
  private state: bigint;

  constructor(seed: number) {
    this.state = BigInt(seed) & MASK;
  }

  /** The next 64 random bits. */
  nextU64(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  /** Uniform in (0, 1): the top 53 bits, centred in their interval. */
  nextOpen01(): number {
    return (Number(this.nextU64() >> 11n) + 0.5) / 2 ** 53;
  }
}

/** The scenario's n bodies drawn from `seed`. */
export function planarSwarm(n: number, seed: number): Swarm {
  const rng = new SplitMix64(seed);
  const uniform = (lo: number, hi: number) => lo + (hi - lo) * rng.nextOpen01();
  const column = () => new Float64Array(n);
  const s: Swarm = {
    n,
    x: column(),
    y: column(),
    angle: column(),
    targetX: column(),
    targetY: column(),
    targetAngle: column(),
    mass: column(),
    inertia: column(),
  };
  for (let k = 0; k < n; k++) {
    s.x[k] = uniform(-100, 100);
    s.y[k] = uniform(-100, 100);
    s.angle[k] = uniform(-Math.PI, Math.PI);
    s.targetX[k] = uniform(-100, 100);
    s.targetY[k] = uniform(-100, 100);
    s.targetAngle[k] = uniform(-Math.PI, Math.PI);
    s.mass[k] = uniform(0.5, 2);
    s.inertia[k] = uniform(0.05, 0.5);
  }
  return s;
}
