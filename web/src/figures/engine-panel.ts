/**
 * One engine API in detail (chapter 10): its settings with their real defaults and what
 * each does, the response the engine twin predicts at those settings with the
 * documentation's numbers and with the discrete-exact ones, against the continuous
 * spring the reader asked for, and plain sentences on what shaped it. Every number is
 * the core's (`engineTwin`); the panel lays them out.
 */
import type { EngineEntry, Intent, Prediction, SettingValue, Shown, Twin } from '../core/engines-wasm';
import { engineList, NeedsEngines, twinOf, whenEngines } from './engine-answers';
import { DEFAULT_ENGINE, SECONDS, panelSteps } from './translator-opening';
import { TracePlot } from '../plot/trace-plot';
import { cssColor } from '../ui/colors';
import { el } from '../ui/dom';
import { formatNumber } from '../ui/params';
import { parametersText } from '../ui/parameters-text';
import { settingsForm, type SettingsForm } from '../ui/settings-form';
import { responseClause } from '../ui/wish-form';
import type { Forbidden } from '../core/wish';


export interface EnginePanel {
  /** Redraws for a new intent, keeping the engine and its settings. */
  update(intent: Intent): void;
  /** Shows engine `id` at its default settings. */
  pick(id: string): void;
  /** Shades on the plot the regions a wish forbids (none: clears them). */
  shade(regions: readonly Forbidden[]): void;
}

/** "2.03 Hz, ζ 0.21", or why there is no such pair. */
export function shownText(s: Shown | null): string {
  return s ? `${formatNumber(s.frequency)} Hz, ζ ${formatNumber(s.dampingRatio)}` : 'no continuous equivalent (it diverges or flips sign every step)';
}


/** What shaped a prediction, in sentences (times from the step count and dt). */
export function eventSentences(p: Prediction, dt: number, engineName: string): string[] {
  const out: string[] = [];
  const at = (k: number) => `t = ${formatNumber(k * dt)} s`;
  if (p.asleepAfter !== null) {
    const x = p.positions[p.asleepAfter - 1];
    const gap = x === undefined ? '' : `, ${formatNumber(Math.abs(1 - x))} from the target,`;
    out.push(`${engineName} puts the body to sleep at ${at(p.asleepAfter)}${gap} and it stays there.`);
  }
  if (p.cappedSteps > 0) out.push(`A speed cap clipped the motion in ${p.cappedSteps} step${p.cappedSteps > 1 ? 's' : ''}.`);
  if (p.resetAfter !== null) out.push(`The motion diverged and ${engineName} reset the body at ${at(p.resetAfter)}.`);
  if (p.divergedAfter !== null) out.push(`The motion diverges: it leaves the plot at ${at(p.divergedAfter)}.`);
  return out;
}

export { DEFAULT_ENGINE };

/** The panel for `initial`, showing engine `initialId` first; `onPick` hears of each engine picked. */
export function enginePanel(host: HTMLElement, initial: Intent, initialId = DEFAULT_ENGINE, onPick: (id: string) => void = () => {}): EnginePanel {
  const all = engineList();
  let intent = initial;
  let entry: EngineEntry = all.find((e) => e.id === initialId) ?? all[0]!;
  let settings: Record<string, SettingValue> = {};
  let form: SettingsForm | undefined;

  const picker = el('select', { id: 'twin-engine' }, ...all.map((e) => el('option', { value: e.id }, e.api)));
  picker.value = entry.id;
  const reset = el('button', { type: 'button' }, 'Back to the defaults');
  const checked = el('p', { class: 'caption checked-against' });
  const plotBox = el('div', { class: 'plot' });
  const readout = el('div', { class: 'twin-readout', role: 'status', 'aria-live': 'polite' });
  const formBox = el('details', { class: 'twin-settings', open: true }, el('summary', {}, 'Settings that change the motion, with their defaults'));
  host.append(
    el('div', { class: 'toolbar' }, el('label', { for: 'twin-engine' }, 'Engine and API '), picker, reset),
    checked,
    plotBox,
    readout,
    formBox,
  );
  let plot: TracePlot | undefined;
  let plotKey = '';
  let shaded: readonly Forbidden[] = [];

  const draw = (): void => {
    const steps = panelSteps(intent.dt);
    let t: Twin;
    try {
      t = twinOf(entry.id, intent, settings, steps);
    } catch (e) {
      if (!(e instanceof NeedsEngines)) throw e;
      readout.replaceChildren(el('p', { class: 'loading' }, 'Loading the engine twins…'));
      return whenEngines(host, draw, (text) => readout.replaceChildren(el('p', { class: 'message', role: 'alert' }, text)));
    }
    const time = Array.from({ length: steps }, (_, k) => (k + 1) * intent.dt);
    const unit = intent.angular ? 'angle (rad)' : 'position (m)';
    const series = [
      { label: 'the intent (continuous spring)', color: cssColor(host, '--fg-muted'), dash: [6, 4] },
      { label: `${entry.engineName}, the documentation's numbers`, color: cssColor(host, '--s0') },
      { label: `${entry.engineName}, discrete-exact numbers`, color: cssColor(host, '--s1') },
    ];
    const key = `${unit}|${entry.id}`;
    if (!plot || key !== plotKey) {
      plot?.destroy();
      plot = new TracePlot(plotBox, `${entry.api}: from 0 toward 1`, unit, series, 260);
      plotKey = key;
      plot.setRegions(shaded.filter((r) => r.plot === 'response'));
    }
    // A diverging curve is cut where it leaves the band drawn, so the others stay readable.
    const shown = (x: number | undefined) => (x === undefined || Math.abs(x) > 3 ? Number.NaN : x);
    plot.set([
      time,
      t.ideal,
      time.map((_, k) => shown(t.predicted.positions[k])),
      time.map((_, k) => shown(t.predictedExact?.positions[k])),
    ]);
    host.dataset.twin = JSON.stringify({ id: t.id, settings: t.settings, changed: t.changed, parameters: t.parameters, discreteExact: t.discreteExact, response: t.predictedResponse });
    const asked = `${formatNumber(intent.frequency)} Hz, ζ ${formatNumber(intent.dampingRatio)}`;
    const sentences = [
      `With the documentation's numbers (${parametersText(t.parameters)}), ${entry.engineName} at these settings moves like ${shownText(t.effective)}; you asked for ${asked}.`,
      t.discreteExact
        ? `Set ${parametersText(t.discreteExact)} instead and the stepped motion has exactly ${asked} at this step${intent.angular ? ', over the whole 1 rad turn' : ''}.`
        : `No numbers make this engine show ${asked} at this step: ${t.discreteExactError}.`,
      `In the first ${SECONDS} s, with the documentation's numbers, it ${responseClause(t.predictedResponse, intent.angular ? 'torque' : 'force', intent.angular ? 'N·m' : 'N')}.`,
      ...eventSentences(t.predicted, intent.dt, entry.engineName),
    ];
    readout.replaceChildren(...sentences.map((s) => el('p', {}, s)));
  };

  const buildForm = () => {
    formBox.querySelector('.settings-form')?.remove();
    settings = {};
    form = settingsForm(formBox, `twin-${entry.id}-`, entry.settings, (changed) => {
      const previous = settings;
      settings = changed;
      try {
        draw();
      } catch (e) {
        settings = previous;
        draw();
        throw e;
      }
    });
    checked.textContent = `Checked against ${entry.checkedAgainst}.`;
  };

  const pick = (id: string) => {
    entry = all.find((e) => e.id === id)!;
    picker.value = entry.id;
    onPick(entry.id);
    buildForm();
    draw();
  };
  picker.addEventListener('change', () => pick(picker.value));
  reset.addEventListener('click', () => form?.reset());
  buildForm();
  draw();
  return {
    update(next: Intent) {
      intent = next;
      draw();
    },
    pick,
    shade(regions) {
      shaded = regions;
      plot?.setRegions(regions.filter((r) => r.plot === 'response'));
    },
  };
}
