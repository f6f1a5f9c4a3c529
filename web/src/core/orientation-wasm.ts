/**
 * The orientation twin (web/pkg-orientation, loaded by `loadOrientation`), typed: every
 * engine's 3-D drive and every article's torque law turning one body to a target. The
 * core computes the turns and what is read off them; this module names their shapes.
 */
import init, { initSync, orientationTarget, orientationTurn } from '../../pkg-orientation/forcelab_wasm.js';
import { loader, once } from './loader';
import type { Parameter } from './engines-wasm';

/** Loads the orientation part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadOrientation, loadSync: loadOrientationSync, loaded: orientationLoaded } = loader(init, initSync);

type TuneBuild = typeof import('../../pkg-orientation-tune/forcelab_wasm.js');
/** The same twin with Tune for me on a turn (web/pkg-orientation-tune), once it is loaded. */
let tuneBuild: TuneBuild | null = null;
const fetchTuner = once(async () => {
  const build = await import('../../pkg-orientation-tune/forcelab_wasm.js');
  await build.default();
  tuneBuild = build;
});

/**
 * Loads the tuner's build (once): the tuner's search is a tenth of the module, so it is
 * fetched the first time a reader asks for numbers tuned for a wish, not with the page.
 */
export function loadTuner(): Promise<void> {
  return fetchTuner();
}

/** Whether numbers can be tuned for a wish now ({@link loadTuner} has finished). */
export function tunerLoaded(): boolean {
  return tuneBuild !== null;
}

/** A unit quaternion, `[w, x, y, z]`. */
export type Wxyz = [number, number, number, number];

/** What the reader asks: a turn of `degrees` about `axis` as a spring of `frequency` (Hz) and `dampingRatio`. */
export interface OrientationIntent {
  frequency: number;
  dampingRatio: number;
  /** Principal moments about x, y, z, kg m². */
  inertia: [number, number, number];
  axis: [number, number, number];
  degrees: number;
  dt: number;
  /** Angular velocity at the start, rad/s, world frame. */
  spin: [number, number, number];
}

/** One drive at one settings variant, turning the body. */
export interface DriveTurn {
  id: string;
  engine: string;
  engineName: string;
  api: string;
  variant: string;
  isDefault: boolean;
  settings: [string, string][];
  changed: string[];
  parameters: Parameter[];
  orientations: Wxyz[];
  /** rad left to the target after each step. */
  angles: number[];
  resets: number[];
  divergedAfter: number | null;
  /** rad, the most the turn's axis strays from the shortest path. */
  deviation: number;
  /** degrees turned about the asked axis, signed, unwrapped. */
  turned: number | null;
  /** How the turn really moves along its axis (a second-order fit), or null when none reads it. */
  effective: { frequency: number; dampingRatio: number } | null;
  /** With exact numbers asked: the frequency (Hz) and damping ratio handed to the drive's formula, or null. */
  exact: { frequency: number; dampingRatio: number } | null;
  /** With exact numbers asked and none found: why (the drive then runs its documented numbers). */
  exactRefused: string | null;
  /** With a wish asked: the tuner's answer for this drive (its parameters and turn are the tuned ones). */
  tuned: {
    feasible: boolean;
    frequency: number;
    dampingRatio: number;
    /** s, or null when not within 2° by the end of the run. */
    settle: number | null;
    overshootDegrees: number;
    /** N m. */
    peakTorque: number;
    binding: string | null;
  } | null;
  /** For a drive stepped: the spring its numbers make about each principal axis x, y, z on a 2° turn (null where none reads), whether that is the same about every axis (to 1 %; null when none reads), and when it is not, a drive of the same engine whose is and the per-axis gains that give the asked spring about each. */
  axes: {
    springs: [AxisSpring | null, AxisSpring | null, AxisSpring | null];
    even: boolean | null;
    alternative: { id: string; variant: string } | null;
    /** [stiffness (N m/rad), damping (N m s/rad)], each about x, y, z. */
    evenGains: [[number, number, number], [number, number, number]] | null;
  } | null;
}

/** A spring-damper as a turn shows it: Hz and damping ratio. */
export interface AxisSpring {
  frequency: number;
  dampingRatio: number;
  /** How many steps of the 2° turn it was read over. */
  steps: number;
}

export interface Turn {
  target: Wxyz;
  shortest: Wxyz[];
  shortestDegrees: number;
  steps: number;
  drives: DriveTurn[];
}

/** A wish for a turn: within 2° of the target by `settle` s, at most `overshootDegrees` past it, at most `maxTorque` N m. */
export interface TurnWish {
  settle?: number;
  overshootDegrees?: number;
  maxTorque?: number;
}

/** The numbers each drive is handed: its documentation's formula, the core's discrete-exact ones for the turn, or the tuner's for a wish. */
export type Numbers = 'documented' | 'exact' | TurnWish;

/**
 * Every drive turning the body for `seconds`, or only those of `shown` (`"id/variant"`:
 * the rest come back with no steps), each handed `numbers` (a wish needs
 * {@link loadTuner} first); a bad field is refused by name (the core's message).
 */
export function turn(intent: OrientationIntent, seconds: number, shown?: readonly string[], numbers: Numbers = 'documented'): Turn {
  const listed = shown ? [...shown] : undefined;
  if (typeof numbers === 'object') {
    if (!tuneBuild) throw new Error('Tune for me: the tuner is still loading');
    return tuneBuild.orientationTurn(intent, seconds, listed, false, numbers) as Turn;
  }
  return orientationTurn(intent, seconds, listed, numbers === 'exact', undefined) as Turn;
}

/** A target as the reader types or drags it: Euler angles x, y, z (degrees, R = Rx Ry Rz), a quaternion, or where the long axis should point. */
export type TargetForm = { euler: [number, number, number] } | { quaternion: Wxyz } | { pointing: [number, number, number] };

/** A target in every form the page shows. */
export interface TargetForms {
  axis: [number, number, number];
  degrees: number;
  euler: [number, number, number];
  quaternion: Wxyz;
}

/** `intent`'s target set from `form` (or its own, without), in every form; a bad value is refused by name (the core's message). */
export function targetOf(intent: OrientationIntent, form?: TargetForm): TargetForms {
  if (!form) return orientationTarget(intent, '', new Float64Array()) as TargetForms;
  const [kind, values] = 'euler' in form ? ['euler', form.euler] : 'quaternion' in form ? ['quaternion', form.quaternion] : ['pointing', form.pointing];
  return orientationTarget(intent, kind, Float64Array.from(values)) as TargetForms;
}
