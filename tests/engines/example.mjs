// Builds one of the core's examples in release and returns the path of its binary:
// where cargo puts it, in CARGO_TARGET_DIR when set (npm test gives this stage a target
// directory of its own, so it runs beside the stages that use target/), else target/.
import { execFileSync } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Builds `cargo run -p forcelab --release --example <name>`'s binary and returns its path. */
export function buildExample(name) {
  execFileSync('cargo', ['build', '-q', '-p', 'forcelab', '--release', '--example', name], { cwd: root, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ?? 'target';
  return join(isAbsolute(target) ? target : join(root, target), 'release', 'examples', name);
}
