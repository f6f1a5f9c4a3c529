/**
 * "Copy as code": one template per language (each writing out, or calling, the chosen
 * law), filled with the reader's current gains, step and body.
 */
import { csharpSnippet } from './csharp';
import { gdscriptSnippet } from './gdscript';
import type { SnippetInput } from './input';
import { jsSnippet } from './js';
import { rustSnippet } from './rust';

export type { SnippetInput } from './input';

export const LANGUAGES = {
  csharp: { name: 'Unity (C#)', file: 'cs', write: csharpSnippet },
  gdscript: { name: 'Godot (GDScript)', file: 'gd', write: gdscriptSnippet },
  rust: { name: 'Rust (forcelab crate)', file: 'rs', write: rustSnippet },
  js: { name: 'JavaScript (forcelab npm package)', file: 'mjs', write: jsSnippet },
} as const;

export type Language = keyof typeof LANGUAGES;

export function snippet(language: Language, input: SnippetInput): string {
  return LANGUAGES[language].write(input);
}
