/**
 * Chapter 6's scenes (web/pkg-chase, loaded by `loadChase`): the chase and article 001's
 * Simpson window integral, as printed and corrected.
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-chase/forcelab_wasm.js';
import { loader } from './loader';

export { PursuitScene, simpson, simpsonAsPrinted } from '../../pkg-chase/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadChase, loadSync: loadChaseSync } = loader(init, initSync);
