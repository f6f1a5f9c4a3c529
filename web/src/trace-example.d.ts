/**
 * The trace panel's first view, computed when the site is built (web/build/trace-example-plugin.ts):
 * the example trace, the engines a trace can be explained by, and the example explained
 * at the panel's opening settings, as the trace's part of the core returns them.
 */
declare module 'virtual:trace-example' {
  const firstView: {
    example: { text: string; engine: string; mass: number; want: import('./core/trace-wasm').Want };
    engines: { id: string; name: string }[];
    explained: import('./core/trace-wasm').ExplainedTrace;
  };
  export default firstView;
}
