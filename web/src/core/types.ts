// Written by the core (npm run core-data; npm test fails when it differs): the
// shapes of the core's data the page reads and writes, each declared beside its
// Rust type (`forcelab::schema`). Edit the core, not this file.
import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';

/** A gain of a law (`forcelab::catalogue::Gain`). */
export interface GainDef {
  key: string;
  label: string;
  unit: string;
  /** Its value when the Lab adds the law. */
  default: number;
}

/** An option given as a number (`forcelab::catalogue::OptionValue::Number`). */
export interface NumberOption {
  type: 'number';
  default: number;
  /** The least a reader may give. */
  min: number;
  /** The most a reader may give. */
  max: number;
  /** The slider's range. */
  slider: [number, number];
  /** A slider over decades. */
  log: boolean;
  /** Whole numbers only. */
  integer: boolean;
}

/** An option that is a limit, off unless given (in the plant's effort unit) (`forcelab::catalogue::OptionValue::Limit`). */
export interface LimitOption {
  type: 'limit';
  /** Where it starts when switched on. */
  typical: number;
  /** The most a reader may give. */
  max: number;
  /** The slider's range. */
  slider: [number, number];
}

/** An option that is one of a few choices (`forcelab::catalogue::OptionValue::Choice`). */
export interface ChoiceOption {
  type: 'choice';
  /** `[value, label]` each. */
  choices: [string, string][];
  default: string;
}

/** A setting of a law beyond its gains (`forcelab::catalogue::LawOption`). */
export interface LawOption {
  /** Its key in the core Lab's `options`. */
  key: string;
  /** Its key in a Lab link, followed by the controller's index. */
  urlKey: string;
  label: string;
  /** Its unit; `effort` for the plant's effort unit. */
  unit: string;
  help: string;
  value: OptionValue;
  /** Read only while option `[0]` has choice `[1]`. */
  shownWhen: [string, string] | null;
}

/** A law of the catalogue (`forcelab::catalogue::Law`). */
export interface LawEntry {
  id: LawId;
  label: string;
  shortLabel: string;
  gains: GainDef[];
  /** It keeps an integral. */
  integral: boolean;
  /** Its settings beyond the gains. */
  options: LawOption[];
  /** The article's listing as printed, where it differs. */
  printedTwin: LawId | null;
  /** The law this is the printed listing of. */
  printedOf: LawId | null;
  /** What the printed listing gets wrong. */
  erratum: string | null;
  /** The bodies it drives. */
  plants: PlantId[];
  linear: boolean;
  planar: boolean;
}

/** A coordinate of a body beside its response (`forcelab::catalogue::Coordinate`). */
export interface Coordinate {
  name: string;
  unit: string;
  /** Where it is in the body's pose. */
  poseIndex: number;
  /** Whether the target is plotted beside it. */
  followsTarget: boolean;
}

/** A body the Lab drives (`forcelab::catalogue::PlantEntry`). */
export interface PlantEntry {
  id: PlantId;
  label: string;
  /** The laws that drive it. */
  laws: LawId[];
  /** The unit of its response: `m`, or `rad` for the box's turn. */
  unit: string;
  /** The name of its response, for a plot's axis. */
  coordinate: string;
  /** Its other coordinates, read from its pose and plotted beside the response. */
  otherCoordinates: Coordinate[];
  /** `force`, or `torque` on the box. */
  effort: string;
  /** `N`, or `N·m`. */
  effortUnit: string;
}

/** An integrator (`forcelab::catalogue::IntegratorEntry`). */
export interface IntegratorEntry {
  id: IntegratorId;
  /** Its name in a sentence or a caption. */
  label: string;
  /** Its name in a menu, with who uses it. */
  menuLabel: string;
  /** Its variant's name in the Rust crate. */
  rust: string;
}

/** One number of a gain form, as the page's number box and slider show it (`forcelab::gain_forms::FormField`). */
export interface FormField {
  key: string;
  label: string;
  unit: string;
  /** The slider's bottom. */
  min: number;
  /** The slider's top. */
  max: number;
  scale: 'linear' | 'log';
  /** The largest value a reader may type. */
  hardMax: number;
}

/** A form of the gains, as the page lists it (`forcelab::gain_forms::GainFormEntry`). */
export interface GainFormEntry {
  id: GainFormId;
  label: string;
  /** What its numbers mean, in formulas. */
  note: string;
  fields: FormField[];
}

/** What happens to the target and the bodies during a Lab's run (`forcelab::lab::Disturbances`). */
export interface CoreDisturbances {
  /** Where the target starts, m (rad on a turn). */
  targetStart: number;
  /** `[time (s), to (m)]`: the target jumps; null: it does not. */
  targetStep: [number, number] | null;
  /** The target's speed, m/s (rad/s). */
  targetVelocity: number;
  /** `[time (s), impulse (N s)]` struck on every body, or null. */
  sideswipe: [number, number] | null;
  /** A steady load on every body, N (N m). */
  constantForce: number;
  /** The measurement noise's standard deviation, m (rad). */
  noise: number;
  /** The noise's seed: the same seed, the same noise. */
  seed: number;
  /** `[time (s), factor]`: one step that long, or null. */
  dtSpike: [number, number] | null;
}

/** A law of a core Lab, as its constructor reads it (a field left out takes its default) (`forcelab::lab::LawSpec`). */
export interface LawSpec {
  /** A law id ({@link LawId}). */
  kind: string;
  /** Stiffness of the cube of the Lab's mass, N/m. */
  kp?: number;
  /** Damping, N s/m. */
  kd?: number;
  /** Integral gain, N/(m s) (PIDs only). */
  ki?: number;
  /** Its options beyond the gains, by the catalogue's keys (`lab::LawOptions`). */
  options?: Record<string, number | string>;
}

/** A core Lab, as its constructor reads it: the one schema of a Lab run. A field left out takes the core's default; a field the core does not know is refused by name (`forcelab::lab::LabSpec`). */
export interface LabSpec {
  /** The body every controller drives. */
  plant?: PlantId;
  /** Its mass, kg. */
  mass?: number;
  /** The physics step, s. */
  dt?: number;
  /** How the body is stepped. */
  integrator?: IntegratorId;
  /** One per body, in order. */
  controllers?: LawSpec[];
  /** What happens during the run. */
  disturbances?: Partial<CoreDisturbances>;
}

/** Where each disturbance with a time starts when the reader switches it on (`forcelab::lab::SwitchedOn`). */
export interface SwitchedOn {
  /** `[time (s), to (m)]`. */
  targetStep: [number, number];
  /** `[time (s), impulse (N s)]`. */
  sideswipe: [number, number];
  /** `[time (s), factor]`. */
  dtSpike: [number, number];
}

/** The Lab page's first state and where each disturbance starts when switched on (`forcelab::lab::LabDefaults`). */
export interface LabDefaults {
  plant: PlantId;
  integrator: IntegratorId;
  /** How the cards give the gains at first. */
  gainForm: GainFormId;
  /** The physics step, s. */
  dt: number;
  /** The body's mass, kg. */
  mass: number;
  /** The run's length, s. */
  horizon: number;
  /** Simulated seconds per second of the page's clock. */
  speed: number;
  /** The controllers, in order. */
  laws: LawId[];
  disturbances: CoreDisturbances;
  switchedOn: SwitchedOn;
}

/** Step-response figures of one body's run (`forcelab::analysis::StepMetrics`). */
export interface Metrics {
  /** From 10 % to 90 % of the step, s; null: it never got to 90 %. */
  riseTime: number | null;
  /** After which it stays within the band around the target, s; null: it leaves the band at the end. */
  settlingTime: number | null;
  /** The largest excursion past the target, % of the step. */
  overshootPercent: number;
  /** |target - response| at the end. */
  steadyStateError: number;
  /** The integral of |target - response| dt. */
  iae: number;
  /** The largest |effort|. */
  peakEffort: number;
  /** The run left the divergence limit or became non-finite. */
  diverged: boolean;
}

/** One step of the target and each body's metrics for it (times from `at`) (`forcelab::lab::StepResponse`). */
export interface StepResponse {
  /** When the target stepped, s (0 for the first step). */
  at: number;
  /** Where the response started: the bodies' start, or the target before the jump. */
  from: number;
  /** The target the metrics measure against. */
  to: number;
  /** Each body's, in order. */
  metrics: Metrics[];
}

/** How a law option's value is given (`forcelab::catalogue::OptionValue`). */
export type OptionValue = NumberOption | LimitOption | ChoiceOption;
