/**
 * Figures' first views, computed when the site is built (web/build/first-view-plugin.ts),
 * as their parts of the core return them.
 */

/** The trace panel's: the example trace, the engines a trace can be explained by, and the example explained at the panel's opening settings. */
declare module 'virtual:trace-example' {
  const firstView: {
    example: { text: string; engine: string; mass: number; want: import('./core/trace-wasm').Want };
    engines: { id: string; name: string }[];
    explained: import('./core/trace-wasm').ExplainedTrace;
  };
  export default firstView;
}

/** Chapter 11's orientation figure's: its opening turn and the question it answers (`figures/orientation-opening.ts`). */
declare module 'virtual:orientation-opening' {
  const opening: { question: string; turn: import('./core/orientation-wasm').Turn };
  export default opening;
}

/** Chapter 10's translator's: the engines' catalogue, and the twins of its opening view by question (`figures/translator-opening.ts`). */
declare module 'virtual:translator-opening' {
  const opening: { engines: import('./core/engines-wasm').EngineEntry[]; twins: Record<string, import('./core/engines-wasm').Twin> };
  export default opening;
}

/** Each Lab figure's opening, by figure id, in a module of its own (`figures/lab-opening.ts`). */
declare module 'virtual:lab-openings' {
  const openings: Record<string, () => Promise<{ default: import('./figures/lab-opening').LabOpening }>>;
  export default openings;
}
