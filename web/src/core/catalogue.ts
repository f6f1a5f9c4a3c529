/**
 * The core's law catalogue (`forcelab::catalogue`), as the page reads it. The data is
 * `catalogue.json`, written by the core (`npm run core-data`; `npm test` fails when it
 * differs from the core's), so the page keeps no list of laws of its own: menus,
 * labels, twins, errata, which laws take ki, which the atlas covers all come from here.
 */
import data from './catalogue.json';
import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';
import type { LabDefaults } from './types';

export type { GainFormId, IntegratorId, LawId, PlantId };

export interface GainDef {
  key: string;
  label: string;
  unit: string;
  /** Its value when the Lab adds a law (the core's `catalogue::Gain::default`). */
  default: number;
}

/** How a law option's value is given (the core's `catalogue::OptionValue`). */
export type OptionValue =
  | { type: 'number'; default: number; min: number; max: number; slider: [number, number]; log: boolean; integer: boolean }
  | { type: 'limit'; typical: number; max: number; slider: [number, number] }
  | { type: 'choice'; choices: [string, string][]; default: string };

/** A setting of a law beyond its gains (the core's `catalogue::LawOption`). */
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
  /** Read only while option `[key]` has choice `[1]`. */
  shownWhen: [string, string] | null;
}

export interface LawEntry {
  id: string;
  label: string;
  shortLabel: string;
  gains: GainDef[];
  integral: boolean;
  /** Its settings beyond the gains. */
  options: LawOption[];
  printedTwin: string | null;
  printedOf: string | null;
  erratum: string | null;
  plants: PlantId[];
  linear: boolean;
  planar: boolean;
}

export interface PlantEntry {
  id: PlantId;
  label: string;
  laws: string[];
  /** The unit of its response: `m`, or `rad` for the box's turn. */
  unit: string;
  /** The name of its response, for a plot's axis (`position`, `turn about the tilted axis`). */
  coordinate: string;
  /** Its other coordinates, read from its pose and plotted beside the response. */
  otherCoordinates: { name: string; unit: string; poseIndex: number; followsTarget: boolean }[];
  /** `force`, or `torque` on the box. */
  effort: string;
  /** `N`, or `N·m`. */
  effortUnit: string;
}

/** An integrator (the core's `catalogue::IntegratorEntry`). */
export interface IntegratorEntry {
  id: IntegratorId;
  /** Its name in a sentence or a caption. */
  label: string;
  /** Its name in a menu, with who uses it. */
  menuLabel: string;
  /** Its variant's name in the Rust crate. */
  rust: string;
}

/** A form of the gains (the core's `gain_forms::GainFormEntry`). */
export interface GainFormEntry {
  id: GainFormId;
  label: string;
  /** What its numbers mean, in formulas. */
  note: string;
  fields: { key: string; label: string; unit: string; min: number; max: number; scale: 'linear' | 'log'; hardMax: number }[];
}

// The Lab's shapes are the core's, declared beside its Rust types and written by
// `npm run core-data` (types.ts).
export type { CoreDisturbances, LabDefaults, LabSpec, LawSpec, SwitchedOn } from './types';

export interface Catalogue {
  /** The Lab's defaults (written beside the catalogue by `npm run core-data`). */
  labDefaults: LabDefaults;
  laws: LawEntry[];
  plants: PlantEntry[];
  /** How many laws a Lab compares, fewest and most (`lab::MIN_LAWS`, `lab::MAX_LAWS`). */
  labLaws: [number, number];
  /** Every integrator, in menu order. */
  integrators: IntegratorEntry[];
  /** Every form of the gains, in menu order. */
  gainForms: GainFormEntry[];
}

export const CATALOGUE: Catalogue = data as Catalogue;

const byId = new Map(CATALOGUE.laws.map((l) => [l.id, l]));

/** The law with this id, if the core has one. */
export const lawEntry = (id: string): LawEntry | undefined => byId.get(id);

/** The plant with this id (the core's entry: its name, laws and units). */
export function plantEntry(plant: string): PlantEntry {
  return CATALOGUE.plants.find((p) => p.id === plant) ?? CATALOGUE.plants[0]!;
}

/** The laws a plant's menu offers, in the core's order; printed twins come by toggle. */
export function menuLaws(plant: PlantId): string[] {
  const entry = CATALOGUE.plants.find((p) => p.id === plant);
  return (entry?.laws ?? []).filter((id) => byId.get(id)?.printedOf === null);
}

/** The printed listing that runs beside `law` on `plant`, if it has one there. */
export function twinOn(plant: PlantId, law: string): string | undefined {
  const twin = byId.get(law)?.printedTwin;
  return twin != null && byId.get(twin)?.plants.includes(plant) ? twin : undefined;
}

/** Every law's name for menus and legends. */
export const LAW_LABELS: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.laws.map((l) => [l.id, l.label]));

/** The gain `key`'s value when the Lab adds a law (every law that reads it shares it). */
export function gainDefault(key: 'kp' | 'kd' | 'ki'): number {
  for (const law of CATALOGUE.laws) {
    const gain = law.gains.find((g) => g.key === key);
    if (gain) return gain.default;
  }
  throw new Error(`no law of the core's catalogue reads ${key}`);
}

/** The laws the stability atlas and the sampled damping ratio cover. */
export const LINEAR_LAWS: readonly LawEntry[] = CATALOGUE.laws.filter((l) => l.linear);

/** The options `law` takes (none for an unknown id). */
export const lawOptions = (law: string): readonly LawOption[] => byId.get(law)?.options ?? [];

/** The laws that have a colour of their own: every law but a printed listing, in the core's order. */
const COLOURED = CATALOGUE.laws.filter((l) => l.printedOf === null).map((l) => l.id);

/**
 * The CSS custom property holding `law`'s colour (`--law-K`, K its place among the
 * catalogue's laws; styles.css holds the palette). A printed listing takes its law's
 * colour (and is drawn dashed), so every law keeps one colour on every page.
 */
export function lawColorVar(law: string): string {
  const own = byId.get(law)?.printedOf ?? law;
  const k = COLOURED.indexOf(own);
  return k < 0 ? '--fg' : `--law-${k}`;
}
