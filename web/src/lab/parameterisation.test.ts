import { describe, expect, it } from 'vitest';
import { FORMS, formNote, type Conversions } from './parameterisation';

/** The core's conversions (`forcelab::tuning`), written out, so no wasm is needed. */
/** The root of (1 + x) e^-x = 1/2 (`forcelab::tuning::HALF_LIFE_PHASE`). */
const HALF_LIFE_PHASE = 1.6783469900166607;

const core: Conversions = {
  formToRaw: (form, v, m) => {
    const [a = 0, b = 0, c = 0] = v;
    switch (form) {
      case 'raw':
        return [a, b];
      case 'wu':
        return [m * 9 * a * a, m * 4.5 * a * b];
      case 'bloom':
        return [m * 36 * (a / c) ** 2, (m * 9 * a * b) / c];
      case 'natural':
        return [m * a * a, 2 * m * b * a];
      case 'half-life': {
        const wn = HALF_LIFE_PHASE / a;
        return [m * wn * wn, 2 * m * wn];
      }
    }
  },
  formFromRaw: (form, kp, kd, m) => {
    switch (form) {
      case 'raw':
        return [kp, kd];
      case 'wu': {
        const f = Math.sqrt(kp / m / 9);
        return [f, kd / m / (4.5 * f)];
      }
      case 'bloom': {
        // At the time scale that keeps K = 1.
        const t = 6 * Math.sqrt(m / kp);
        const k = Math.sqrt(kp / m / 36) * t;
        return [k, ((kd / m) * t) / (9 * k), t];
      }
      case 'natural':
        return [Math.sqrt(kp / m), kd / (2 * Math.sqrt(kp * m))];
      case 'half-life':
        // For a critically damped pair, the only kind these tests give it.
        return [HALF_LIFE_PHASE / Math.sqrt(kp / m)];
    }
  },
};

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));

describe('gain forms', () => {
  it('every form gives back the raw gains it was read from', () => {
    const mass = 2.5;
    for (const raw of [{ kp: 400, kd: 20 }, { kp: 3, kd: 0.7 }, { kp: 1e5, kd: 900 }]) {
      for (const form of Object.values(FORMS)) {
        if (form.id === 'half-life') continue; // critically damped only: below
        const back = form.toRaw(form.fromRaw(raw, mass, core), mass, core);
        close(back.kp, raw.kp);
        close(back.kd, raw.kd);
      }
    }
  });

  it("Bloom's form shows the time scale that keeps K = 1: T = 6 sqrt(m / kp)", () => {
    // kp = 288 on 2 kg: ks = kp/m = 144 = 36 (1/T)^2, so T = 0.5 s.
    const [k, d, t] = FORMS.bloom.fromRaw({ kp: 288, kd: 36 }, 2, core);
    close(t!, 0.5);
    close(k!, 1);
    // kd/m = 18 = 9 K D / T, so D = 1.
    close(d!, 1);
  });

  it('the half-life is the time a released error takes to halve, and setting it gives a critically damped pair', () => {
    // kp = 144 on 1 kg: wn = 12 rad/s; e(t) = (1 + 12 t) e^{-12 t} is 1/2 at t = 1.678 / 12 s.
    const [h] = FORMS['half-life'].fromRaw({ kp: 144, kd: 24 }, 1, core);
    close(h!, HALF_LIFE_PHASE / 12);
    close((1 + 12 * h!) * Math.exp(-12 * h!), 0.5);
    const raw = FORMS['half-life'].toRaw([HALF_LIFE_PHASE / 12], 1, core);
    close(raw.kp, 144);
    close(raw.kd, 24);
  });

  it("the half-life form scales with the Lab's mass: h = 0.1 s on 2 kg is kp 563, twice 1 kg's", () => {
    // Independently of the form: wn = 1.678 / h = 16.78 rad/s, kp = m wn², kd = 2 m wn.
    const mass = 2;
    const wn = HALF_LIFE_PHASE / 0.1;
    const raw = FORMS['half-life'].toRaw([0.1], mass, core);
    close(raw.kp, mass * wn * wn);
    close(raw.kd, 2 * mass * wn);
    expect(Math.round(raw.kp)).toBe(563);
    // The gains run on 2 kg: their released error halves after h.
    const w = Math.sqrt(raw.kp / mass);
    close((1 + w * 0.1) * Math.exp(-w * 0.1), 0.5);
    const [h] = FORMS['half-life'].fromRaw(raw, mass, core);
    close(h!, 0.1);
  });

  it('every form reads and writes the gains of the mass it is given, not of 1 kg', () => {
    // A form's numbers are per unit mass: the same numbers on 2 kg ask for twice the gains.
    for (const form of Object.values(FORMS)) {
      if (form.id === 'raw') continue;
      const values = form.fromRaw({ kp: 400, kd: 40 }, 1, core);
      const one = form.toRaw(values, 1, core);
      const two = form.toRaw(values, 2, core);
      close(two.kp, 2 * one.kp);
      close(two.kd, 2 * one.kd);
      expect(form.fromRaw(two, 2, core), form.id).toEqual(values.map((v) => expect.closeTo(v, 9)));
    }
  });

  it("each form's fields and toRaw agree in number", () => {
    for (const form of Object.values(FORMS)) {
      expect(form.fromRaw({ kp: 100, kd: 10 }, 1, core)).toHaveLength(form.fields.length);
    }
  });
});

describe('the fields each gain form shows', () => {
  it('name each quantity once, in its unit, on a slider scale that suits it', () => {
    const fields = Object.fromEntries(
      Object.values(FORMS).map((form) => [form.id, form.fields.map((f) => [f.key, f.unit, f.scale, f.min, f.max])]),
    );
    // Frequencies, stiffness and times span decades (log sliders); damping numbers are
    // read around 1 (linear). Wu's f is in 1/s (the article's "frequency"), ωn in rad/s.
    expect(fields).toEqual({
      raw: [['kp', 'N/m', 'log', 0.1, 1e6], ['kd', 'N·s/m', 'log', 0.01, 1e5]],
      wu: [['f', '1/s', 'log', 0.01, 200], ['damping', '', 'linear', 0, 10]],
      bloom: [['K', '', 'log', 0.01, 10], ['D', '', 'linear', 0, 10], ['T', 's', 'log', 0.01, 10]],
      natural: [['wn', 'rad/s', 'log', 0.1, 1000], ['zeta', '', 'linear', 0, 5]],
      'half-life': [['h', 's', 'log', 0.001, 10]],
    });
    expect(FORMS.raw.fields.map((f) => f.hardMax)).toEqual([1e12, 1e12]);
    expect(FORMS.wu.fields.map((f) => f.hardMax)).toEqual([1e9, 1e9]);
  });

  it('each has its own label, a note with its equations, and field labels', () => {
    const forms = Object.values(FORMS);
    expect(new Set(forms.map((f) => f.label)).size).toBe(forms.length);
    const symbols: Record<string, string[]> = { raw: ['kp', 'kd'], wu: ['6f', '4.5'], bloom: ['36', '9 m K D / T'], natural: ['m ωn²', '2 m ζ ωn'], 'half-life': ['1.678 / h', '(1 + x) e^−x = ½'] };
    for (const form of forms) {
      expect(form.label.length, form.id).toBeGreaterThan(5);
      for (const s of symbols[form.id]!) expect(form.note, form.id).toContain(s);
      for (const field of form.fields) expect(field.label, `${form.id} ${field.key}`).toContain(field.key === 'wn' ? 'ωn' : field.key === 'zeta' ? 'ζ' : field.key);
    }
  });

  it("says what runs: a law with an integral shows its term, and every form names the stiffness kp", () => {
    expect(formNote(FORMS.raw, true)).toContain('ki × ∫ error dt');
    expect(formNote(FORMS.raw, false)).not.toContain('ki');
    // The raw gains' note is rewritten whole; every other form's note gains a sentence.
    expect(formNote(FORMS.raw, true)).toBe('Force = kp × error + ki × ∫ error dt + kd × error rate, for the cube of this mass.');
    for (const form of Object.values(FORMS).filter((f) => f.id !== 'raw')) {
      expect(formNote(form, true), form.id).toBe(`${form.note} The integral adds ki × ∫ error dt, ki set on its own.`);
      expect(formNote(form, false), form.id).toBe(form.note);
    }
    for (const form of Object.values(FORMS)) {
      expect(formNote(form, true), form.id).toContain('ki');
      // Bloom's note once said "ks" where every other place says kp.
      expect(form.note, form.id).not.toMatch(/\bks\b/);
    }
  });
});
