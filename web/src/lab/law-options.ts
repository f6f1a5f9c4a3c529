/**
 * A Lab controller's options beyond its gains (a PID's clamps, derivative, filter and
 * anti-windup; a windowed PID's window and plant gain), as the core's catalogue
 * declares them: which law reads which, their ranges, defaults and link keys. The
 * page keeps only the values that differ from the core's defaults (`normalOptions`), so
 * one run has one state, whether it came from a preset, a link or a control.
 */
import { lawOptions, plantEntry, type LawOption } from '../core/catalogue.ts';
import type { ParamDef } from '../ui/params';
import { numberFrom, oneOf } from '../ui/url-state.ts';

/** The options a controller set, by the core's key (numbers, or a choice's id). */
export type OptionValues = Record<string, number | string>;

/** An option's unit on `plant` (an effort option is in N, or N·m on the box). */
export function optionUnit(option: LawOption, plant: string): string {
  return option.unit === 'effort' ? plantEntry(plant).effortUnit : option.unit;
}

/** The slider-and-box definition of a number or limit option (null for a choice). */
export function optionDef(option: LawOption, plant: string, key = option.key): ParamDef | null {
  const v = option.value;
  const unit = optionUnit(option, plant);
  if (v.type === 'number') {
    return { key, label: option.label, unit, min: v.slider[0], max: v.slider[1], scale: v.log ? 'log' : 'linear', initial: v.default, hardMin: v.min, hardMax: v.max, integer: v.integer };
  }
  if (v.type === 'limit') {
    return { key, label: option.label, unit, min: v.slider[0], max: v.slider[1], scale: 'log', initial: v.typical, hardMin: 0, hardMax: v.max, minExclusive: true };
  }
  return null;
}

/** The value `option` runs with when the reader set none (null: a limit that is off). */
export function optionDefault(option: LawOption): number | string | null {
  return option.value.type === 'limit' ? null : option.value.default;
}

/** The value `law` runs option `key` with: the one set, else its default (null: a limit off, or no such option). */
export function optionValue(law: string, values: OptionValues, key: string): number | string | null {
  if (key in values) return values[key]!;
  const option = lawOptions(law).find((o) => o.key === key);
  return option ? optionDefault(option) : null;
}

/** Whether `option` is read given the other values (kt only with back-calculation). */
export function optionShown(option: LawOption, law: string, values: OptionValues): boolean {
  if (option.shownWhen === null) return true;
  const [on, choice] = option.shownWhen;
  return optionValue(law, values, on) === choice;
}

/** `values` without those `law` does not read and those equal to their defaults. */
export function normalOptions(law: string, values: OptionValues): OptionValues {
  return Object.fromEntries(lawOptions(law).flatMap((o) => (o.key in values && values[o.key] !== optionDefault(o) ? [[o.key, values[o.key]!]] : [])));
}

/** The values the core Lab reads for `law`: those set and read, nothing else. */
export function activeOptions(law: string, values: OptionValues): OptionValues {
  return Object.fromEntries(lawOptions(law).flatMap((o) => (o.key in values && optionShown(o, law, values) ? [[o.key, values[o.key]!]] : [])));
}

/**
 * Reads controller `k`'s options for `law` from a link (`il0=20&aw0=back-calculation`,
 * `ol0=off` for a limit the base has on); a refused value is named in `problems` by its
 * link key and the fallback's value kept.
 */
export function readOptions(q: URLSearchParams, law: string, k: number, plant: string, fallback: OptionValues, problems: Record<string, string>): OptionValues {
  const out: OptionValues = { ...fallback };
  for (const o of lawOptions(law)) {
    const key = `${o.urlKey}${k}`;
    const raw = q.get(key);
    const v = o.value;
    let value: number | string | null;
    if (v.type === 'limit' && raw === OFF) value = null;
    else if (v.type === 'choice') value = oneOf(raw, v.choices.map(([id]) => id), String(out[o.key] ?? v.default), key, problems);
    else value = numberFrom({ ...optionDef(o, plant, key)!, label: key }, raw, out[o.key] === undefined ? (optionDefault(o) as number | null) : Number(out[o.key]), problems);
    if (value === null) delete out[o.key];
    else out[o.key] = value;
  }
  return normalOptions(law, out);
}

/** A limit switched off, in a link (`ol0=off`), where the base has it on. */
const OFF = 'off';

/** Writes controller `k`'s options into `q`: those that differ from `base`'s. */
export function writeOptions(q: URLSearchParams, law: string, k: number, values: OptionValues, base: OptionValues): void {
  for (const o of lawOptions(law)) {
    const value = values[o.key] ?? optionDefault(o) ?? OFF;
    const from = base[o.key] ?? optionDefault(o) ?? OFF;
    if (value !== from) q.set(`${o.urlKey}${k}`, String(value));
  }
}

/** What an option's value reads as in a legend ("output clamp 10 N", "anti-windup: back-calculation"). */
function optionText(option: LawOption, value: number | string | null, plant: string): string {
  const v = option.value;
  if (v.type === 'choice') return `${option.label}: ${v.choices.find(([id]) => id === value)?.[1] ?? String(value)}`;
  if (value === null) return `no ${option.label}`;
  const unit = optionUnit(option, plant);
  return `${option.label} ${value}${unit ? ` ${unit}` : ''}`;
}

/**
 * For each law, in a few words for its legend, the options it runs with that tell it
 * apart from the other laws of its kind ("anti-windup: back-calculation" among three
 * PIDs that differ only there); empty for a law no other shares its kind with.
 */
export function distinguishingOptions(laws: readonly { kind: string; options: OptionValues }[], plant: string): string[] {
  const runs = laws.map((l) => {
    const active = activeOptions(l.kind, l.options);
    return new Map(lawOptions(l.kind).map((o) => [o.key, o.key in active ? active[o.key]! : optionShown(o, l.kind, l.options) ? optionDefault(o) : undefined]));
  });
  return laws.map((law, i) => {
    const same = laws.flatMap((other, j) => (j !== i && other.kind === law.kind ? [runs[j]!] : []));
    return lawOptions(law.kind)
      // Compared only where both read it: kt tells back-calculations apart, not a mode.
      .filter((o) => {
        const mine = runs[i]!.get(o.key);
        return mine !== undefined && same.some((r) => r.get(o.key) !== undefined && r.get(o.key) !== mine);
      })
      .map((o) => optionText(o, runs[i]!.get(o.key) ?? null, plant))
      .join(', ');
  });
}
