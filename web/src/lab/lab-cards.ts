/**
 * The Lab's controller cards: per controller its law, its gains in the chosen
 * parameterisation (raw, Wu, Bloom, natural, half-life), ki for a law with an integral,
 * the effective damping ratio (continuous and as sampled at this dt), the printed
 * listing beside it where the article has one, the code it runs, and Remove. A gain
 * edit is live on the running Lab; any other edit restarts it.
 */
import { el } from '../ui/dom';
import { paramControl } from '../ui/controls';
import { codePanel } from '../ui/code-panel';
import { formatNumber, type ParamDef } from '../ui/params';
import { tuning, type GainReadout } from '../core/wasm';
import { CATALOGUE, LAW_LABELS, LINEAR_LAWS, lawEntry } from '../core/catalogue';
import { stabilityMap } from './lab-atlas';
import type { SnippetInput } from '../export/snippets';
import { checkbox, select } from './lab-dom';
import type { LabEditor } from './lab-editor';
import { GAINLESS, HAS_INTEGRAL, LAWS, MAX_CONTROLLERS, MIN_CONTROLLERS, TWINS, freshLaw } from './lab-state';
import { FORMS, formNote } from './parameterisation';
import { tunePanel } from './lab-tune-panel';
import { optionsPanel } from './lab-options';
import { activeOptions } from './law-options';
import type { Forbidden } from '../core/wish';

const LAW_NAMES = LAW_LABELS;
/** Laws whose sampled damping ratio the core can compute (its linear laws). */
const LINEAR = new Set<string>(LINEAR_LAWS.map((l) => l.id));
/** What is wrong with each printed listing, from the core's catalogue. */
const ERRATA: Readonly<Record<string, string>> = Object.fromEntries(
  CATALOGUE.laws.flatMap((l) => (l.erratum === null ? [] : [[l.id, l.erratum]])),
);

/** What a card needs from its Lab besides the editor. */
export interface CardContext {
  /** Each controller's colour, as plotted. */
  colors: readonly string[];
  /** A gain edit, live on the running Lab. */
  setGains(k: number, kp: number, kd: number, ki: number): void;
  /** Steps in a whole run (what the code panel's snippet runs). */
  steps(): number;
  /** Rebuilds the cards (after a law is changed or removed). */
  rebuild(): void;
  /** Shows a restarted run: a paused Lab computes all of it, a playing one plays it. */
  replay(): void;
  /** Shades on the response and force plots the regions a wish forbids (null: none). */
  shade(regions: Forbidden[] | null): void;
  /**
   * Where a figure keeps its gains in view (a chapter's Lab figure: a compact strip under
   * its plots, the rest of each card folded away); the Lab keeps them in the card.
   */
  gainStrip?: HTMLElement;
}

/** Fills `lawCards` with one card per controller; returns what updates their damping ratios. */
export function buildLawCards(lawCards: HTMLElement, addLaw: HTMLButtonElement, editor: LabEditor, context: CardContext): () => void {
  const { state, prefix: p, change } = editor;
  const reportLink = editor.reportLink;
  const buildLaws = context.rebuild;
  const setGains = context.setGains;
  const totalSteps = context.steps;
  lawCards.replaceChildren();
  context.gainStrip?.replaceChildren();
  const zetaUpdaters: (() => void)[] = [];
  const colors = context.colors;
  state.laws.forEach((law, k) => {
    /** New gains for this card from a tuner's answer or a map's cell: the cards are rebuilt with them and the Lab reruns. */
    const putGains = (g: { kp: number; kd: number; ki?: number }) => {
      change((s) => {
        const l = s.laws[k]!;
        l.kp = g.kp;
        l.kd = g.kd;
        if (HAS_INTEGRAL.has(l.kind) && g.ki !== undefined) l.ki = g.ki;
      });
      buildLaws();
      context.replay();
    };
    const card = el('fieldset', { class: 'law' });
    card.dataset.index = String(k);
    const legend = el('legend', {}, el('span', { class: 'swatch' }), `controller ${k + 1}`);
    (legend.firstChild as HTMLElement).style.background = colors[k] ?? '';
    card.append(legend);
    card.append(select('law', `${p}law-${k}-kind`, LAWS[state.plant], LAW_NAMES, law.kind, (v) => {
      change((s) => {
        const l = s.laws[k]!;
        const old = l.kind;
        l.kind = v;
        l.asPrinted &&= TWINS[s.plant][v] !== undefined;
        // A law that gains an integral starts with the core's working ki (at 0 a PID runs as a PD).
        if (!HAS_INTEGRAL.has(v)) l.ki = 0;
        else if (!HAS_INTEGRAL.has(old)) l.ki = freshLaw(v).ki;
        // Another law reads other options (or none): the set ones go with the old law.
        l.options = {};
      });
      buildLaws();
    }));
    const fields = el('div', { class: 'params' });
    // A law without gains has nothing to show there: its card says so.
    if (context.gainStrip && !GAINLESS.has(law.kind)) {
      // One row per controller, in its plotted colour, named by its law: the gains a
      // caption asks a reader to try, beside the plots they change.
      const swatch = el('span', { class: 'swatch' });
      swatch.style.background = colors[k] ?? '';
      // The Lab names it as its plotted series (two PIDs told apart by the option that differs).
      const name = el('span', { class: 'law-name' });
      const row = el('fieldset', { class: 'law-gains' }, el('legend', {}, swatch, name), fields);
      row.dataset.owner = String(k);
      context.gainStrip.append(row);
      card.append(el('p', { class: 'note' }, 'Its gains are under the plots.'));
    } else card.append(fields);
    let form = FORMS[state.parameterisation];
    if (GAINLESS.has(law.kind)) {
      fields.append(el('p', { class: 'note' }, 'This law has no gains: it computes the force that lands on the target next step.'));
    } else {
      // Gains a form cannot express (a kp of 0 has no natural frequency, from a link) are
      // shown as raw gains on this card, and it says why, rather than no card at all.
      let values: number[];
      try {
        values = form.fromRaw({ kp: law.kp, kd: law.kd }, state.mass, tuning);
      } catch (e) {
        fields.append(el('p', { class: 'note form-refused' }, `${e instanceof Error ? e.message : String(e)}: shown as raw gains.`));
        form = FORMS.raw;
        values = form.fromRaw({ kp: law.kp, kd: law.kd }, state.mass, tuning);
      }
      const current = [...values];
      form.fields.forEach((def, j) => {
        const id: ParamDef = { ...def, key: `${p}${k}-${def.key}` };
        const control = paramControl(fields, id, current[j]!, (value) => {
          const next = [...current];
          next[j] = value;
          // The raw gains and the damping ratios they give, in one call into the core.
          const read = tuning.readout(form.id, next, law.kind, state.integrator, state.mass, state.dt);
          setGains(k, read.kp, read.kd, law.ki);
          current[j] = value;
          showZeta(read);
          map?.update();
        });
        // The link holds raw gains: a refused one is named under the card's first field.
        if (j === 0) reportLink(control, `kp${k}`, `kd${k}`);
      });
      if (HAS_INTEGRAL.has(law.kind)) {
        const control = paramControl(fields, { key: `${p}${k}-ki`, label: 'ki (integral)', unit: 'N/(m·s)', min: 0, max: 2000, scale: 'linear', initial: 0, hardMax: 1e12 }, law.ki, (value) => {
          setGains(k, law.kp, law.kd, value);
          // The damping ratios are of the P and D terms: ki leaves them as they are.
          map?.update();
        });
        reportLink(control, `ki${k}`);
      }
      fields.append(el('p', { class: 'note' }, formNote(form, HAS_INTEGRAL.has(law.kind))));
      // An option edit restarts the run, and the stability map says which options it leaves out.
      const options = optionsPanel(k, editor, { ...context, replay: () => (context.replay(), refresh()) });
      if (options) card.append(options);
      card.append(
        tunePanel(k, editor, (g) => putGains(g), context.shade),
      );
    }
    const zeta = el('p', { class: 'zeta' });
    zeta.setAttribute('aria-live', 'polite');
    card.append(zeta);
    /** The card's damping ratios, from the core's readout of its gains. */
    const showZeta = (read: GainReadout) => {
      const l = state.laws[k]!;
      if (GAINLESS.has(l.kind) || !read.natural) {
        zeta.textContent = 'effective damping ratio: not defined for this law';
        zeta.dataset.zeta = '';
        return;
      }
      const continuous = read.natural[1];
      zeta.dataset.zeta = String(continuous);
      let text = `effective damping ratio ζ = ${formatNumber(continuous)} in continuous time`;
      if (LINEAR.has(l.kind)) {
        const sampled = read.sampled;
        zeta.dataset.sampled = sampled ? String(sampled[1]) : '';
        text += sampled ? `; ${formatNumber(sampled[1])} as this law runs at dt = ${formatNumber(state.dt)} s` : '; sampled at this dt the loop has no equivalent (unstable or ringing at the step rate)';
      } else {
        zeta.dataset.sampled = '';
        text += HAS_INTEGRAL.has(l.kind) ? ' (its P and D terms; the integral adds more)' : '';
      }
      zeta.textContent = text;
    };
    const updateZeta = () => {
      const l = state.laws[k]!;
      if (GAINLESS.has(l.kind)) showZeta({ kp: l.kp, kd: l.kd });
      else showZeta(tuning.readout('raw', [l.kp, l.kd], l.kind, state.integrator, state.mass, state.dt));
    };
    const entry = lawEntry(law.kind);
    // Every card has a map: the core says which atlas map holds its law on this plant, or why none does.
    const map =
      entry
        ? stabilityMap(`${p}law-${k}`, () => {
            const l = state.laws[k]!;
            return { plant: state.plant, law: l.kind, integrator: state.integrator, kp: l.kp, kd: l.kd, ki: HAS_INTEGRAL.has(l.kind) ? l.ki : 0, mass: state.mass, dt: state.dt, options: activeOptions(l.kind, l.options) };
          }, (kp, kd) => putGains({ kp, kd }))
        : null;
    if (map) card.append(map.panel);
    const refresh = () => {
      updateZeta();
      map?.update();
    };
    updateZeta();
    zetaUpdaters.push(refresh);
    const twin = TWINS[state.plant][law.kind];
    if (twin) {
      card.append(
        checkbox('also run the article\'s listing as printed', `${p}law-${k}-printed`, law.asPrinted, (on) => {
          change((s) => (s.laws[k]!.asPrinted = on));
          buildLaws();
        }),
        el('p', { class: 'note' }, ERRATA[twin] ?? ''),
      );
    }
    card.append(
      codePanel(`${p}law-${k}`, (): SnippetInput | string => {
        const l = state.laws[k];
        if (!l) return 'This controller was removed.';
        return {
          plant: state.plant,
          kind: l.kind,
          name: LAW_NAMES[l.kind] ?? l.kind,
          kp: l.kp,
          kd: l.kd,
          ki: HAS_INTEGRAL.has(l.kind) ? l.ki : 0,
          options: activeOptions(l.kind, l.options),
          mass: state.mass,
          dt: state.dt,
          integrator: state.integrator,
          target: state.disturbances.targetStart,
          steps: totalSteps(),
        };
      }, async (language, input) => (await import('../export/snippets')).snippet(language, input)),
    );
    const remove = el('button', { type: 'button', disabled: state.laws.length <= MIN_CONTROLLERS }, 'Remove');
    remove.addEventListener('click', () => {
      change((s) => s.laws.splice(k, 1));
      buildLaws();
    });
    card.append(remove);
    lawCards.append(card);
  });
  addLaw.disabled = state.laws.length >= MAX_CONTROLLERS;
  return () => zetaUpdaters.forEach((u) => u());
}
