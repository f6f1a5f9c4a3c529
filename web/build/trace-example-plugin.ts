/**
 * The trace panel's first view, computed when the site is built: the virtual module
 * `virtual:trace-example` holds the example trace, the engines a trace can be explained
 * by and the example explained at its opening settings, each as the trace's part of the
 * core (web/pkg-trace, built before the site) returns it, run here in Node. A reader who
 * opens the panel sees that answer without downloading the 125 KB door; the door loads
 * when they change anything, and gives the same bits for the same question (the e2e
 * test asks both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:trace-example';
const RESOLVED = `\0${ID}`;

/** The bindings of web/pkg-trace this plugin calls (`crates/forcelab-wasm/src/trace.rs`). */
interface TraceBindings {
  initSync(options: { module: BufferSource }): unknown;
  traceExample(): { text: string; engine: string; mass: number; want: { frequency: number; dampingRatio: number } };
  traceEngines(): unknown;
  explainTrace(text: string, options: unknown): unknown;
}

/** The example, the engines and the example explained at the panel's opening settings, from the built door in `pkg` (web/pkg-trace). */
export async function traceFirstView(pkg: string): Promise<{ example: unknown; engines: unknown; explained: unknown }> {
  const door = (await import(pathToFileURL(join(pkg, 'forcelab_wasm.js')).href)) as TraceBindings;
  door.initSync({ module: readFileSync(join(pkg, 'forcelab_wasm_bg.wasm')) });
  const example = door.traceExample();
  const explained = door.explainTrace(example.text, { engine: example.engine, mass: example.mass, target: null, want: example.want });
  return { example, engines: door.traceEngines(), explained };
}

/** The Vite plugin: `import firstView from 'virtual:trace-example'`. */
export function traceExamplePlugin(root: string): Plugin {
  const pkg = join(root, 'web/pkg-trace');
  return {
    name: 'forcelab-trace-example',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(join(pkg, 'forcelab_wasm_bg.wasm'));
      return `export default ${JSON.stringify(await traceFirstView(pkg))};`;
    },
  };
}
