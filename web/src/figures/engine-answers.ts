/**
 * The engines' catalogue and twins for chapter 10's figures: the answers the build
 * computed for the translator's opening view (`virtual:translator-opening`) until the
 * engines' part of the core is loaded, the core's own after. A question the build did not
 * ask, before the door is loaded, is refused with {@link NeedsEngines}: the figure loads
 * the door ({@link whenEngines}) and draws again.
 */
import opening from 'virtual:translator-opening';
import { engines, enginesLoaded, loadEngines, twin, type EngineEntry, type Intent, type SettingValue, type Twin } from '../core/engines-wasm';
import { twinQuestion } from './translator-opening';

/** A question only the engines' door can answer, asked before it has loaded. */
export class NeedsEngines extends Error {
  constructor() {
    super("the engines' part of the core is still loading");
  }
}

/** Every engine API (the core's catalogue: the same before and after the door loads). */
export const engineList = (): EngineEntry[] => (enginesLoaded() ? engines() : opening.engines);

/** The twin of `id` for `intent` under `settings`: the build's answer, or the core's once loaded. */
export function twinOf(id: string, intent: Intent, settings: Record<string, SettingValue>, steps: number): Twin {
  if (enginesLoaded()) return twin(id, intent, settings, steps);
  const built = opening.twins[twinQuestion(id, intent, settings, steps)];
  if (built) return built;
  throw new NeedsEngines();
}

const waiting = new Set<() => void>();

/**
 * Runs each `redraw` once the engines' door has loaded (each once, however often asked
 * while it loads); `host` is busy until then. A redraw the core then refuses is said in
 * `say`; a door that cannot load is said there too.
 */
export function whenEngines(host: HTMLElement, redraw: () => void, say: (text: string) => void): void {
  const first = waiting.size === 0;
  waiting.add(redraw);
  if (!first) return;
  host.setAttribute('aria-busy', 'true');
  loadEngines().then(
    () => {
      host.removeAttribute('aria-busy');
      const all = [...waiting];
      waiting.clear();
      for (const draw of all) {
        try {
          draw();
        } catch (e) {
          say(e instanceof Error ? e.message : String(e));
        }
      }
    },
    (e: unknown) => {
      host.removeAttribute('aria-busy');
      waiting.clear();
      say(`The engines could not be loaded (${String(e)}): try again.`);
    },
  );
}
