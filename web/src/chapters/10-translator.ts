/** Chapter 10, the gain translator and the engine twin: one intent written for every engine. */
import { mountChapter } from './chapter';
import { mountTranslator } from './figures/translator-figure';
import { engines } from '../engines-wasm';
import { el } from '../ui/dom';

void mountChapter({
  translator: {
    kind: 'custom',
    mount(host) {
      mountTranslator(host);
      // The versions each twin was checked against, from the core's catalogue.
      const seen = new Map(engines().map((e) => [e.engineName, e.checkedAgainst]));
      document.querySelector('.checked-versions')?.replaceChildren(...[...seen].map(([name, what]) => el('li', {}, `${name}: ${what}`)));
    },
  },
});
