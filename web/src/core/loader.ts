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
}

/** The loader of the package whose `init` and `initSync` these are. */
export function loader(init: () => Promise<unknown>, initSync: (options: { module: BufferSource }) => unknown): Loader {
  let loading: Promise<void> | null = null;
  return {
    load: () => (loading ??= init().then(() => undefined)),
    loadSync(bytes) {
      initSync({ module: bytes });
      loading = Promise.resolve();
    },
  };
}
