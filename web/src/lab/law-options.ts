/**
 * A Lab controller's options beyond its gains (a PID's clamps, derivative, filter and
 * anti-windup; a windowed PID's window and plant gain), as the core's catalogue
 * declares them: which law reads which, their ranges, defaults and link keys. The
 * page keeps only the values the reader set; a law's defaults are the core's.
 */
import { lawOptions, plantEntry, type LawOption } from '../core/catalogue';
import { clip, parseParam, type ParamDef } from '../ui/params';

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
  const v = option.value;
  return v.type === 'number' ? v.default : v.type === 'choice' ? v.default : null;
}

/** Whether `option` is read given the other values (kt only with back-calculation). */
export function optionShown(option: LawOption, law: string, values: OptionValues): boolean {
  if (option.shownWhen === null) return true;
  const [on, choice] = option.shownWhen;
  const other = lawOptions(law).find((o) => o.key === on);
  const value = values[on] ?? (other ? optionDefault(other) : null);
  return value === choice;
}

/** The values the core Lab reads for `law`: those set and read, nothing else. */
export function activeOptions(law: string, values: OptionValues): OptionValues {
  return Object.fromEntries(lawOptions(law).flatMap((o) => (o.key in values && optionShown(o, law, values) ? [[o.key, values[o.key]!]] : [])));
}

/**
 * Reads controller `k`'s options for `law` from a link (`il0=20&aw0=back-calculation`,
 * `ol0=off` for a limit the base has on);
 * a refused value is named in `problems` by its link key and left out (the default).
 */
export function readOptions(q: URLSearchParams, law: string, k: number, plant: string, fallback: OptionValues, problems: Record<string, string>): OptionValues {
  const out: OptionValues = {};
  for (const o of lawOptions(law)) {
    const key = `${o.urlKey}${k}`;
    const raw = q.get(key);
    const kept = fallback[o.key];
    if (raw === null) {
      if (kept !== undefined) out[o.key] = kept;
      continue;
    }
    const v = o.value;
    if (v.type === 'limit' && raw === OFF) continue;
    // A value equal to the default is kept as "not set", so a state reads back as written.
    if (v.type === 'choice') {
      if (v.choices.some(([id]) => id === raw)) {
        if (raw !== v.default) out[o.key] = raw;
      }
      else problems[key] = `${key} must be one of ${v.choices.map(([id]) => id).join(', ')}, got "${clip(raw)}" (from the link; using ${kept ?? v.default})`;
      continue;
    }
    const parsed = parseParam({ ...optionDef(o, plant, key)!, label: key }, raw);
    if ('value' in parsed) {
      if (parsed.value !== optionDefault(o)) out[o.key] = parsed.value;
    } else problems[key] = `${parsed.error} (from the link; using ${kept ?? optionDefault(o) ?? 'none'})`;
  }
  return out;
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

/**
 * The options `law` runs with, in a few words for a legend ("output clamp 10 N,
 * back-calculation"): numbers that differ from their defaults, and any choice set (a
 * figure that compares anti-windup modes names each, the default one included).
 */
export function optionsSummary(law: string, values: OptionValues, plant: string): string {
  return lawOptions(law)
    .flatMap((o) => {
      const value = activeOptions(law, values)[o.key];
      const v = o.value;
      if (value === undefined || (v.type !== 'choice' && value === optionDefault(o))) return [];
      if (v.type === 'choice') {
        const name = v.choices.find(([id]) => id === value)?.[1] ?? String(value);
        return [o.key === 'derivativeOn' ? `derivative on ${name}` : name];
      }
      const unit = optionUnit(o, plant);
      return [`${o.label} ${value}${unit && unit !== 'samples' ? ` ${unit}` : ''}`];
    })
    .join(', ');
}
