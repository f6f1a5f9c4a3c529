// Builds the core's examples in release and returns the path of one's binary (in
// CARGO_TARGET_DIR when set, else target/). All of them, with the serde feature, as the
// end-to-end tests run them later (the atlas, the claims, the Lab, ...): one build of
// the core serves every native example of `npm test`, and no test waits on a compile.
import { execFileSync } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Cargo's arguments for the core's native examples, the same wherever one is run. */
export const EXAMPLES = ['-p', 'forcelab', '--release', '--features', 'serde'];

/** Builds every example of the core in release (with serde) and returns the path of `name`'s binary. */
export function buildExample(name) {
  execFileSync('cargo', ['build', '-q', ...EXAMPLES, '--examples'], { cwd: root, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ?? 'target';
  return join(isAbsolute(target) ? target : join(root, target), 'release', 'examples', name);
}
