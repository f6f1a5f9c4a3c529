import type { ParamDef } from '../ui/params';

/** What a mounted scene offers the page around it. */
export interface SceneHandle {
  /** Stops the animation and releases listeners. */
  destroy(): void;
}

/** A scene: an id for URLs, a parameter table, and a function that mounts it. */
export interface Scene {
  id: string;
  title: string;
  params: readonly ParamDef[];
  /**
   * Builds the scene inside `host` with `values` (already validated); `problems` holds
   * a message per parameter whose URL value was refused; `onChange` is told every
   * value the reader changes, so the page can keep the URL in step.
   */
  mount(
    host: HTMLElement,
    values: Record<string, number>,
    problems: Record<string, string>,
    onChange: (values: Record<string, number>) => void,
  ): SceneHandle;
}
