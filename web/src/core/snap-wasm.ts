/**
 * Chapter 5's snap (web/pkg-snap, loaded by `loadSnap`): Bloom's minimum-velocity snap.
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-snap/forcelab_wasm.js';
import { loader } from './loader';

export { SnapScene } from '../../pkg-snap/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadSnap, loadSync: loadSnapSync } = loader(init, initSync);
