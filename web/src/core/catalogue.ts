/**
 * The core's law catalogue (`forcelab::catalogue`), as the page reads it. The data is
 * `catalogue.json`, written by the core (`npm run core-data`; `npm test` fails when it
 * differs from the core's), so the page keeps no list of laws of its own: menus,
 * labels, twins, errata, which laws take ki, which the atlas covers all come from here.
 */
import data from './catalogue.json' with { type: 'json' };
import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';
import type { GainFormEntry, IntegratorEntry, LabDefaults, LawEntry, LawOption, PlantEntry } from './types';

export type { GainFormId, IntegratorId, LawId, PlantId };

// The catalogue's and the Lab's shapes are the core's, declared beside its Rust types and
// written by `npm run core-data` (types.ts).
export type {
  ChoiceOption,
  Coordinate,
  CoreDisturbances,
  FormField,
  GainDef,
  GainFormEntry,
  IntegratorEntry,
  LabDefaults,
  LabSpec,
  LawEntry,
  LawOption,
  LawSpec,
  LimitOption,
  NumberOption,
  OptionValue,
  PlantEntry,
  SwitchedOn,
} from './types';

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

// Keyed by any string: the page looks up ids from links and fields before they are known to be laws.
const byId = new Map<string, LawEntry>(CATALOGUE.laws.map((l) => [l.id, l]));

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
const COLOURED: readonly string[] = CATALOGUE.laws.filter((l) => l.printedOf === null).map((l) => l.id);

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
