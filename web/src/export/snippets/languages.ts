/**
 * The languages "Copy as code" writes, by key: the name the menu shows and the file
 * extension. Apart from the templates (`index.ts`), so that a page can show the menu
 * without carrying the templates until a reader opens it.
 */
export const LANGUAGE_NAMES = {
  csharp: { name: 'Unity (C#)', file: 'cs' },
  gdscript: { name: 'Godot (GDScript)', file: 'gd' },
  rust: { name: 'Rust (forcelab crate)', file: 'rs' },
  js: { name: 'JavaScript (forcelab npm package)', file: 'mjs' },
} as const;

export type Language = keyof typeof LANGUAGE_NAMES;
