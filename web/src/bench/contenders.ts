/**
 * The contenders of issue 8's browser benchmark: the same scenario (`scenario.ts`)
 * run by forcelab and by what a reader would write or pick instead. The hand-written
 * JS loops and the engines' controllers are the competition, not the playground's
 * physics, which only ever runs in the core.
 */
import type { Body as PlanckBody } from 'planck';
import { DT, KD, KP, type Swarm } from './scenario';

/** One prepared run of the scenario. */
export interface Run {
  /** Advances every body by `steps` steps of DT. */
  step(steps: number): void;
  /** Sum of every x and y. */
  checksum(): number;
  /** Frees what the run holds outside the JS heap. */
  dispose(): void;
}

/** A way of running the scenario. */
export interface Contender {
  id: string;
  label: string;
  /** Builds a fresh run from the scenario's start (not timed). */
  setup(swarm: Swarm, seed: number): Run;
}

const TAU = 2 * Math.PI;
const INV_TAU = 1 / TAU;

/** The short signed angle from `from` to `to`, as the core's `angle::difference`. */
function difference(from: number, to: number): number {
  const d = to - from;
  const r = d - TAU * Math.floor((d + Math.PI) * INV_TAU);
  return r <= -Math.PI ? r + TAU : r;
}

/** Wu's backward PD gains per unit mass at DT: `[g kp, g (kd + kp dt)]`. */
function wuGains(kp: number, kd: number, dt: number): [number, number] {
  const g = 1 / (1 + kd * dt + kp * dt * dt);
  return [g * kp, g * (kd + kp * dt)];
}

/**
 * The fastest JS we could write: struct of arrays in Float64Arrays, the gains folded
 * once, the acceleration computed directly, the same operations in the same order as
 * the core (so the checksum agrees to the last bit).
 */
export const jsTypedArrays: Contender = {
  id: 'js-typed-arrays',
  label: 'JS, typed arrays (struct of arrays)',
  setup(s) {
    const n = s.n;
    const [x, y, a] = [s.x.slice(), s.y.slice(), s.angle.slice()];
    const [vx, vy, w] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    const [tx, ty, ta] = [s.targetX, s.targetY, s.targetAngle];
    const [kp, kd] = wuGains(KP, KD, DT);
    return {
      step(steps) {
        for (let t = 0; t < steps; t++) {
          for (let k = 0; k < n; k++) {
            // The gains are per unit mass, so F / m is the acceleration: no mass needed.
            const xk = x[k]!;
            const yk = y[k]!;
            const ak = a[k]!;
            const nvx = vx[k]! + (kp * (tx[k]! - xk) - kd * vx[k]!) * DT;
            const nvy = vy[k]! + (kp * (ty[k]! - yk) - kd * vy[k]!) * DT;
            const nw = w[k]! + (kp * difference(ak, ta[k]!) - kd * w[k]!) * DT;
            vx[k] = nvx;
            vy[k] = nvy;
            w[k] = nw;
            x[k] = xk + nvx * DT;
            y[k] = yk + nvy * DT;
            a[k] = ak + nw * DT;
          }
        }
      },
      checksum: () => x.reduce((sum, v) => sum + v, 0) + y.reduce((sum, v) => sum + v, 0),
      dispose() {},
    };
  },
};

interface PlainBody {
  position: { x: number; y: number };
  velocity: { x: number; y: number };
  angle: number;
  angularVelocity: number;
  mass: number;
  inertia: number;
  target: { x: number; y: number; angle: number };
}

/** Wu's backward PD force on one axis, N: as a tutorial writes it, one call per axis. */
function backwardPdForce(error: number, velocity: number, mass: number): number {
  const g = 1 / (1 + KD * DT + KP * DT * DT);
  return mass * (g * KP * error - g * (KD + KP * DT) * velocity);
}

/** The way a blog post writes it: an array of body objects, a function per force. */
export const jsObjects: Contender = {
  id: 'js-objects',
  label: 'JS, array of objects',
  setup(s) {
    const bodies: PlainBody[] = [];
    for (let k = 0; k < s.n; k++) {
      bodies.push({
        position: { x: s.x[k]!, y: s.y[k]! },
        velocity: { x: 0, y: 0 },
        angle: s.angle[k]!,
        angularVelocity: 0,
        mass: s.mass[k]!,
        inertia: s.inertia[k]!,
        target: { x: s.targetX[k]!, y: s.targetY[k]!, angle: s.targetAngle[k]! },
      });
    }
    return {
      step(steps) {
        for (let s = 0; s < steps; s++) {
          for (const b of bodies) {
            const fx = backwardPdForce(b.target.x - b.position.x, b.velocity.x, b.mass);
            const fy = backwardPdForce(b.target.y - b.position.y, b.velocity.y, b.mass);
            const torque = backwardPdForce(difference(b.angle, b.target.angle), b.angularVelocity, b.inertia);
            b.velocity.x += (fx / b.mass) * DT;
            b.velocity.y += (fy / b.mass) * DT;
            b.angularVelocity += (torque / b.inertia) * DT;
            b.position.x += b.velocity.x * DT;
            b.position.y += b.velocity.y * DT;
            b.angle += b.angularVelocity * DT;
          }
        }
      },
      checksum: () => bodies.reduce((sum, b) => sum + b.position.x, 0) + bodies.reduce((sum, b) => sum + b.position.y, 0),
      dispose() {},
    };
  },
};

/** What the forcelab bindings export that the benchmark uses. */
export interface ForcelabWorld {
  step(steps: number): void;
  stepBody(index: number): void;
  checksum(): number;
  free(): void;
}

/** A batched run of a world built by `swarm`: one call steps every body. */
function batched(id: string, label: string, swarm: (n: number, seed: number) => ForcelabWorld): Contender {
  return {
    id,
    label,
    setup(s, seed) {
      const world = swarm(s.n, seed);
      return { step: (steps) => world.step(steps), checksum: () => world.checksum(), dispose: () => world.free() };
    },
  };
}

/**
 * forcelab's batched World2 and its one-call-per-body path, given `planarSwarm`, and
 * the same bodies in the separate f32 mode (`World2F32`, four bodies per simd128
 * instruction), given `planarSwarmF32`. f64 is the default; the f32 mode's checksum
 * agrees with the others to f32 precision, as rapier's does.
 */
export function forcelabContenders(
  planarSwarm: (n: number, seed: number) => ForcelabWorld,
  planarSwarmF32: (n: number, seed: number) => ForcelabWorld,
): Contender[] {
  return [
    batched('forcelab-batched', 'forcelab, batched (one call per step)', planarSwarm),
    batched('forcelab-batched-f32', 'forcelab, batched, f32 mode (World2F32; f64 is the default)', planarSwarmF32),
    {
      id: 'forcelab-per-body',
      label: 'forcelab, one wasm call per body',
      setup(s, seed) {
        const world = planarSwarm(s.n, seed);
        return {
          step(steps) {
            for (let t = 0; t < steps; t++) for (let k = 0; k < s.n; k++) world.stepBody(k);
          },
          checksum: () => world.checksum(),
          dispose: () => world.free(),
        };
      },
    },
  ];
}

/** What the benchmark uses of `@dimforge/rapier2d-compat` (after `init()`). */
export type Rapier = typeof import('@dimforge/rapier2d-compat').default;

/**
 * rapier2d: one dynamic body per swarm body, no collider, gravity 0, sleeping off,
 * mass and inertia set directly; the controller in JS reads each body's state and
 * sets its force and torque before every `world.step()`, one substep per step. Rapier
 * computes in f32, so its checksum agrees with the others to about six digits.
 */
export function rapierContender(RAPIER: Rapier): Contender {
  return {
    id: 'rapier2d',
    label: 'rapier2d 0.21 (wasm), controller in JS',
    setup(s) {
      const world = new RAPIER.World({ x: 0, y: 0 });
      world.timestep = DT;
      // Rapier splits each step into 4 substeps by default, a finer integrator than
      // the scenario's one semi-implicit Euler step (and 4 times the work).
      world.numSolverIterations = 1;
      const bodies: InstanceType<Rapier['RigidBody']>[] = [];
      for (let k = 0; k < s.n; k++) {
        const desc = RAPIER.RigidBodyDesc.dynamic()
          .setTranslation(s.x[k]!, s.y[k]!)
          .setRotation(s.angle[k]!)
          .setAdditionalMassProperties(s.mass[k]!, { x: 0, y: 0 }, s.inertia[k]!)
          .setCanSleep(false);
        bodies.push(world.createRigidBody(desc));
      }
      return {
        step(steps) {
          for (let t = 0; t < steps; t++) {
            for (let k = 0; k < s.n; k++) {
              const b = bodies[k]!;
              const p = b.translation();
              const v = b.linvel();
              const fx = backwardPdForce(s.targetX[k]! - p.x, v.x, s.mass[k]!);
              const fy = backwardPdForce(s.targetY[k]! - p.y, v.y, s.mass[k]!);
              const torque = backwardPdForce(difference(b.rotation(), s.targetAngle[k]!), b.angvel(), s.inertia[k]!);
              b.resetForces(false);
              b.addForce({ x: fx, y: fy }, false);
              b.resetTorques(false);
              b.addTorque(torque, false);
            }
            world.step();
          }
        },
        checksum() {
          let sum = 0;
          for (const b of bodies) {
            const p = b.translation();
            sum += p.x + p.y;
          }
          return sum;
        },
        dispose: () => world.free(),
      };
    },
  };
}

/** What the benchmark uses of `planck`. */
export type Planck = typeof import('planck');

/**
 * planck.js: one dynamic body per swarm body, no fixture, gravity 0, sleeping off,
 * mass data set directly, and the per-step translation cap (2 m by default, which
 * would slow the fastest bodies) lifted; the controller in JS applies force and torque
 * before every `world.step(DT)`.
 */
export function planckContender(planck: Planck): Contender {
  return {
    id: 'planck',
    label: 'planck 1.5 (JS), controller in JS',
    setup(s) {
      planck.Settings.maxTranslation = 1e9;
      const world = new planck.World({ gravity: { x: 0, y: 0 } });
      const bodies: PlanckBody[] = [];
      for (let k = 0; k < s.n; k++) {
        const body = world.createBody({
          type: 'dynamic',
          position: { x: s.x[k]!, y: s.y[k]! },
          angle: s.angle[k]!,
          allowSleep: false,
        });
        body.setMassData({ mass: s.mass[k]!, center: { x: 0, y: 0 }, I: s.inertia[k]! });
        bodies.push(body);
      }
      const force = { x: 0, y: 0 };
      return {
        step(steps) {
          for (let t = 0; t < steps; t++) {
            for (let k = 0; k < s.n; k++) {
              const b = bodies[k]!;
              const p = b.getPosition();
              const v = b.getLinearVelocity();
              force.x = backwardPdForce(s.targetX[k]! - p.x, v.x, s.mass[k]!);
              force.y = backwardPdForce(s.targetY[k]! - p.y, v.y, s.mass[k]!);
              b.applyForceToCenter(force, false);
              b.applyTorque(backwardPdForce(difference(b.getAngle(), s.targetAngle[k]!), b.getAngularVelocity(), s.inertia[k]!), false);
            }
            world.step(DT);
          }
        },
        checksum() {
          let sum = 0;
          for (const b of bodies) sum += b.getPosition().x + b.getPosition().y;
          return sum;
        },
        dispose() {},
      };
    },
  };
}
