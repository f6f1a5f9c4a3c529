/**
 * "Copy as code": one template per language (each writing out, or calling, the chosen
 * law), filled with the reader's current gains, step and body.
 */
import { csharpSnippet } from './csharp';
import { gdscriptSnippet } from './gdscript';
import type { SnippetInput } from './input';
import { jsSnippet } from './js';
import { LANGUAGE_NAMES, type Language } from './languages';
import { rustSnippet } from './rust';

export type { SnippetInput } from './input';

/** Each language's name, file extension and template. */
export const LANGUAGES = {
  csharp: { ...LANGUAGE_NAMES.csharp, write: csharpSnippet },
  gdscript: { ...LANGUAGE_NAMES.gdscript, write: gdscriptSnippet },
  rust: { ...LANGUAGE_NAMES.rust, write: rustSnippet },
  js: { ...LANGUAGE_NAMES.js, write: jsSnippet },
} as const;

export type { Language } from './languages';

export function snippet(language: Language, input: SnippetInput): string {
  return LANGUAGES[language].write(input);
}
