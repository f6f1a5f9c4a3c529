/**
 * The ways a reader can state a controller's gains, and their conversion to and from
 * the raw gains the core takes. The forms, their fields and what they mean are the
 * core's (`forcelab::gain_forms`, in the catalogue), and so is the arithmetic (through
 * wasm): this module keeps no list of forms and no formula.
 */
import { CATALOGUE, type GainFormId } from '../core/catalogue';
import type { ParamDef } from '../ui/params';

/** Raw gains of the cube of the Lab's mass. */
export interface RawGains {
  kp: number;
  kd: number;
}

/** The core's conversions (`GainForm::to_raw`, `from_raw`), injected so tests need no wasm. */
export interface Conversions {
  /** `[kp, kd]` that the form's `values` (its fields, in order) mean on `mass` kg. */
  formToRaw(form: GainFormId, values: readonly number[], mass: number): ArrayLike<number>;
  /** The form's fields for `kp`, `kd` on `mass` kg. */
  formFromRaw(form: GainFormId, kp: number, kd: number, mass: number): ArrayLike<number>;
}

export interface Form {
  id: GainFormId;
  label: string;
  /** A sentence under the fields saying what the form means. */
  note: string;
  fields: readonly ParamDef[];
  toRaw(values: readonly number[], mass: number, c: Conversions): RawGains;
  fromRaw(raw: RawGains, mass: number, c: Conversions): number[];
}

/** Every form of the core's catalogue, by id. */
export const FORMS: Readonly<Record<GainFormId, Form>> = Object.fromEntries(
  CATALOGUE.gainForms.map((f): [GainFormId, Form] => [
    f.id,
    {
      id: f.id,
      label: f.label,
      note: f.note,
      fields: f.fields.map((d) => ({ key: d.key, label: d.label, unit: d.unit, min: d.min, max: d.max, scale: d.scale, initial: 0, hardMax: d.hardMax })),
      toRaw: (values, mass, c) => {
        const raw = c.formToRaw(f.id, values, mass);
        return { kp: raw[0]!, kd: raw[1]! };
      },
      fromRaw: (raw, mass, c) => Array.from(c.formFromRaw(f.id, raw.kp, raw.kd, mass)),
    },
  ]),
) as Record<GainFormId, Form>;

/**
 * The sentence under a card's gains: the form's, for the law that runs. A law with an
 * integral adds its term (a PID's card once read "Force = kp × error + kd × error rate").
 */
export function formNote(form: Form, integral: boolean): string {
  if (!integral) return form.note;
  if (form.id === 'raw') return 'Force = kp × error + ki × ∫ error dt + kd × error rate, for the cube of this mass.';
  return `${form.note} The integral adds ki × ∫ error dt, ki set on its own.`;
}
