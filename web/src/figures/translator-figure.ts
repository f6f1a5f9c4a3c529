/**
 * The gain translator (chapter 10): the reader's intent (frequency, damping ratio,
 * mass or inertia, step) written for every engine API, with what each engine really
 * does with the documentation's numbers at its default settings and the numbers that
 * give the intended motion at this step (the engine twin), then one engine in detail
 * (`engine-panel.ts`). The core computes every number; the page lays them out.
 */
import { loadEngines, type Intent } from '../core/engines-wasm';
import { engineList, NeedsEngines, twinOf, whenEngines } from './engine-answers';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';
import { type ParamDef } from '../ui/params';
import { toggle } from './live-figure';
import { el } from '../ui/dom';
import { TRANSLATOR_INTENT } from '../core/presets';
import { DEFAULT_ENGINE, enginePanel, shownText } from './engine-panel';
import { parametersText } from '../ui/parameters-text';
import { engineTune } from './engine-tune';

const DEFS: ParamDef[] = [
  { key: 'translator-frequency', label: 'Natural frequency f', unit: 'Hz', min: 0.1, max: 30, scale: 'log', initial: TRANSLATOR_INTENT.frequency, minExclusive: true, hardMax: 1e4 },
  { key: 'translator-zeta', label: 'Damping ratio ζ', unit: '', min: 0, max: 2, scale: 'linear', initial: TRANSLATOR_INTENT.dampingRatio, hardMax: 1000 },
  { key: 'translator-mass', label: 'Mass or inertia', unit: 'kg or kg m²', min: 0.01, max: 1000, scale: 'log', initial: TRANSLATOR_INTENT.mass, minExclusive: true, hardMax: 1e9 },
  { key: 'translator-dt', label: 'Engine step dt', unit: 's', min: 0.001, max: 0.1, scale: 'log', initial: TRANSLATOR_INTENT.dt, minExclusive: true, hardMax: 1 },
];

export async function mountTranslator(host: HTMLElement, link: FigureLink): Promise<void> {
  // A link with settings of this figure is read by the core as it is applied (a refused
  // value is named by its field), so the engines' door loads first; a plain visit opens
  // on the answers the build computed (`virtual:translator-opening`).
  if (link.fromLink().length > 0) await loadEngines();
  const intent: Intent = { ...TRANSLATOR_INTENT };
  const controls = el('div', { class: 'params' });
  const kindLabel = 'A rotational drive (units per radian; mass is the moment of inertia)';
  const kind = toggle(kindLabel, (on) => {
    intent.angular = on;
    link.save('translator-angular', on ? 'yes' : 'no', 'no');
    draw();
  });
  kind.className = 'toolbar';
  intent.angular = link.choice('translator-angular', kindLabel, ['no', 'yes'], TRANSLATOR_INTENT.angular ? 'yes' : 'no', kind) === 'yes';
  kind.querySelector('input')!.checked = intent.angular;
  const engineIds = engineList().map((e) => e.id);
  const firstEngine = link.choice('translator-engine', 'Engine', engineIds, DEFAULT_ENGINE, kind);
  // On a phone each engine becomes a card (styles.css): its long description above, the three answers labelled under it.
  const table = el('table', { class: 'readout translator-table cards-on-phone' });
  const panelBox = el('section', { class: 'engine-panel', 'aria-label': 'One engine in detail' });
  const tuneBox = el('section', { class: 'engine-tune', 'aria-label': 'Tune for me, every engine' });
  host.append(controls, kind, el('div', { class: 'table-scroll' }, table), el('h2', {}, 'Tune for me: one wish, every engine'), tuneBox, el('h2', {}, 'Your engine, your settings'), panelBox);
  const panel = enginePanel(panelBox, { ...intent }, firstEngine, (id) => link.save('translator-engine', id, DEFAULT_ENGINE));
  let rows: { e: ReturnType<typeof engineList>[number]; t: ReturnType<typeof twinOf> }[] = [];
  const message = el('p', { class: 'message', role: 'alert' });
  table.before(message);

  const draw = (): void => {
    try {
      rows = engineList().map((e) => ({ e, t: twinOf(e.id, intent, {}, 1) }));
    } catch (e) {
      if (!(e instanceof NeedsEngines)) throw e;
      return whenEngines(host, draw, (text) => (message.textContent = text));
    }
    message.textContent = '';
    host.dataset.curves = JSON.stringify(rows.map(({ t }) => ({ id: t.id, parameters: t.parameters })));
    const body = el(
      'tbody',
      {},
      ...rows.map(({ e, t }) =>
        el(
          'tr',
          { 'data-entry': e.id },
          el('th', { scope: 'row' }, e.api, el('span', { class: 'convention' }, e.convention)),
          el('td', { 'data-label': "the documentation's numbers" }, parametersText(t.parameters)),
          el('td', { 'data-label': 'how they really move' }, shownText(t.effective)),
          el('td', { 'data-label': 'numbers that move as intended at this step' }, t.discreteExact ? parametersText(t.discreteExact) : `none: ${t.discreteExactError}`),
        ),
      ),
    );
    table.replaceChildren(
      el('caption', {}, 'The intent written for each engine, and what each engine really does with it at its default settings'),
      el(
        'thead',
        {},
        el('tr', {}, ...["engine and API, its law, signs and units", "the documentation's numbers", 'how they really move', 'numbers that move as intended at this step'].map((h) => el('th', { scope: 'col' }, h))),
      ),
      body,
    );
    panel.update({ ...intent });
  };

  const keys = ['frequency', 'dampingRatio', 'mass', 'dt'] as const;
  draw();
  const fields = DEFS.map((def, i) =>
    link.field(controls, def, (v) => {
      const key = keys[i]!;
      const previous = intent[key];
      intent[key] = v;
      try {
        draw();
      } catch (e) {
        intent[key] = previous;
        draw();
        throw e;
      }
    }),
  );
  // "Apply" on a tuned row: its intent goes into the fields (and the link), its engine into the panel.
  engineTune(tuneBox, () => ({ ...intent }), (d) => {
    fields[0]!.enter(String(d.frequency));
    fields[1]!.enter(String(d.dampingRatio));
    panel.pick(d.id);
    panel.shade(d.forbidden);
    panelBox.scrollIntoView({ block: 'nearest' });
  }, () => panel.shade([]));
  const header = ['engine and API', "the documentation's numbers", 'how they really move', 'numbers that move as intended at this step'];
  host.append(
    foldedExports(
      tableExport('translator', () => ({
        header,
        rows: rows.map(({ e, t }) => [e.api, parametersText(t.parameters), shownText(t.effective), t.discreteExact ? parametersText(t.discreteExact) : `none: ${t.discreteExactError}`]),
      })),
      link.shareBar(),
    ),
  );
}
