/**
 * How every door of web/src/core loads its part of the core: the site splits the wasm
 * module by what a page needs (scripts/build-wasm.sh: the worlds, the Lab, the scenes,
 * the analysis, the engines), and each part is fetched and instantiated once, the first
 * time a figure that shows it asks, however many figures ask.
 */

/** Loads one generated wasm package: in the browser (`load`) or from its bytes (`loadSync`, tests under Node). */
export interface Loader {
  load(): Promise<void>;
  loadSync(bytes: BufferSource): void;
  /** Whether the package is ready now (a load has finished, or `loadSync` ran). */
  loaded(): boolean;
}

/**
 * `make`, run once however often it is asked for, every caller sharing the one run. A
 * run that failed (the network blinked) is tried again the next time it is asked for,
 * rather than failing for good until the page is reloaded.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= make().catch((error: unknown) => {
      running = null;
      throw error;
    }));
}

/** The loader of the package whose `init` and `initSync` these are. */
export function loader(init: () => Promise<unknown>, initSync: (options: { module: BufferSource }) => unknown): Loader {
  let ready = false;
  const load = once(() =>
    init().then(() => {
      ready = true;
    }),
  );
  return {
    load: () => (ready ? Promise.resolve() : load()),
    loadSync(bytes) {
      initSync({ module: bytes });
      ready = true;
    },
    loaded: () => ready,
  };
}
