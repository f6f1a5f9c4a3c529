/**
 * The README's "Use it in your code" examples are the ones that run: the Rust block is
 * the body of crates/forcelab/examples/use_it.rs (built by `cargo test`, run by
 * `npm run pack`), the JS block the npm package's README example (run by `npm run pack`
 * against the packed tarball).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const block = (text: string, lang: string, after = 0) => {
  const start = text.indexOf(`\`\`\`${lang}\n`, after);
  expect(start).toBeGreaterThanOrEqual(0);
  return text.slice(start + lang.length + 4, text.indexOf('```', start + lang.length + 4));
};

describe('README: use it in your code', () => {
  const readme = read('README.md');
  const section = readme.indexOf('## Use it in your code');

  it('shows the Rust example that compiles', () => {
    expect(read('crates/forcelab/examples/use_it.rs')).toContain(block(readme, 'rust', section).trim());
  });

  it('shows the JS example that runs against the packed package', () => {
    expect(block(readme, 'js', section).trim()).toBe(block(read('crates/forcelab-wasm/README.md'), 'js').trim());
  });
});
