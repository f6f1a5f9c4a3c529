import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARMS, chainInput } from '../../../../tests/export/snippets/chain/arms';
import { CHAIN_LAWS } from './chain-laws';
import { chainCsharpSnippet } from './chain-csharp';
import { chainGdscriptSnippet } from './chain-gdscript';

// Golden files: the chain laws' Unity and Godot snippets on the arm figure's default arm
// (run by chain-unity.test.ts and chain-godot.test.ts), checked against reviewed text.
// UPDATE_GOLDEN=1 rewrites them after an intended change.
describe('chain snippets match their golden files', () => {
  for (const law of CHAIN_LAWS) {
    for (const [file, write] of [['cs', chainCsharpSnippet], ['gd', chainGdscriptSnippet]] as const) {
      it(`${file} ${law}`, () => {
        const golden = new URL(`../../../../tests/export/snippets/golden/chain-${law}.${file}`, import.meta.url);
        const text = write({ ...chainInput(ARMS[0]!, law), name: law });
        if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, text);
        expect(text).toBe(readFileSync(golden, 'utf8'));
      });
    }
  }

  it('every chain law the core declares is written out, and a law it does not is named', () => {
    expect(CHAIN_LAWS).toEqual(['joint-pd', 'joint-pid', 'joint-spd', 'mass-matrix-spd', 'pd-gravity']);
    const unknown = { ...chainInput(ARMS[0]!, 'joint-pd'), law: 'spd' };
    expect(chainCsharpSnippet(unknown)).toContain('spd is not a chain law forcelab writes out');
    expect(chainGdscriptSnippet(unknown)).toContain('spd is not a chain law forcelab writes out');
  });
});
