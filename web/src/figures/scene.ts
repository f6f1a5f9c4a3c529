import type { ParamDef } from '../ui/params';

/** What a mounted scene offers the page around it. */
export interface SceneHandle {
  /** Stops the animation and releases listeners. */
  destroy(): void;
  /** Tells the scene whether it is on screen: off screen it neither steps nor draws. */
  setVisible(visible: boolean): void;
  /** Simulated time, s (how far the scene has stepped). */
  readonly time: number;
}

/** How a page or an embed wants a scene mounted. */
export interface SceneOptions {
  /** Which of the scene's controllers to show (ids); all when absent. */
  controllers?: readonly string[];
  /** The element whose CSS custom properties give the colours (the shadow host's child in an embed). */
  colorSource?: Element;
  /** Starts off screen: nothing steps until `setVisible(true)`. */
  startHidden?: boolean;
  /** Writes the snippets that embed this scene in its current state. */
  embedCode?: (values: Record<string, number>, controllers: readonly string[]) => { element: string; iframe: string };
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
    options?: SceneOptions,
  ): SceneHandle;
  /** The ids of the controllers `options.controllers` may name. */
  controllerIds: readonly string[];
}
