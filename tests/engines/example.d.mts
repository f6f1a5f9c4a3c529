/** Cargo's arguments for the core's native examples (example.mjs). */
export const EXAMPLES: readonly string[];
/** The repository's root, with a trailing slash. */
export const root: string;
/** Builds every example of the core in release (with serde) and returns the path of `name`'s binary. */
export function buildExample(name: string): string;
