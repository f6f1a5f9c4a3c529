import { clip, parseParam, type ParamDef } from './params.ts';

/** Settings read from a URL query, and a message for each value that was refused. */
export interface UrlState {
  values: Record<string, number>;
  problems: Record<string, string>;
}

/**
 * Reads each parameter from `search` ("?kp=400&dt=0.02"). A missing key keeps the
 * default; a bad value keeps the default and reports why, so a tampered link never
 * breaks the page or loses the other settings.
 */
export function readUrlState(defs: readonly ParamDef[], search: string): UrlState {
  const query = new URLSearchParams(search);
  const values: Record<string, number> = {};
  const problems: Record<string, string> = {};
  for (const def of defs) {
    values[def.key] = def.initial;
    const raw = query.get(def.key);
    if (raw === null) continue;
    const parsed = parseParam(def, raw);
    if ('value' in parsed) values[def.key] = parsed.value;
    else problems[def.key] = `${parsed.error} (from the link; using ${def.initial})`;
  }
  return { values, problems };
}

/** The query string for `values`, keeping unrelated keys of `search` as they were. */
export function writeUrlState(defs: readonly ParamDef[], values: Record<string, number>, search: string): string {
  const query = new URLSearchParams(search);
  for (const def of defs) {
    const v = values[def.key];
    if (v === undefined || v === def.initial) query.delete(def.key);
    else query.set(def.key, String(v));
  }
  const s = query.toString();
  return s ? `?${s}` : '';
}

/**
 * A link's value of `key` when it is one of `allowed`; else `fallback`, with the refusal
 * in `problems` under `key` (null: the link has no such key).
 */
export function oneOf<T extends string>(raw: string | null, allowed: readonly T[], fallback: T, key: string, problems: Record<string, string>): T {
  if (raw === null) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems[key] = `${key} must be one of ${allowed.join(', ')}, got "${clip(raw)}" (from the link; using ${fallback})`;
  return fallback;
}

/**
 * A link's number for `def` (checked as if typed), else `fallback` (null: none) with the
 * refusal in `problems` under `def.key`.
 */
export function numberFrom<F extends number | null>(def: ParamDef, raw: string | null, fallback: F, problems: Record<string, string>): number | F {
  if (raw === null) return fallback;
  const parsed = parseParam(def, raw);
  if ('value' in parsed) return parsed.value;
  problems[def.key] = `${parsed.error} (from the link; using ${fallback ?? 'none'})`;
  return fallback;
}
