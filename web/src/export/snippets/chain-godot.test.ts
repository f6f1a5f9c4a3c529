/**
 * Every chain law's Godot script, parsed by gdtoolkit (the Godot 4 grammar) and run by
 * the evaluator (`tests/export/snippets/godot/run.py`) over the core's arm: before each
 * _physics_process every RigidBody3D link is put where the core's arm was (its pose, its
 * center of mass's velocity, its angular velocity), the script reads the joint angles
 * and rates from the links and works out M, G and C itself, and the torques it applies
 * must give the core's joint torques within 1e-9 (relative past 1 N m) at every step,
 * on both arms; with any one term of any law's step dropped, they miss by far more.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, chainCases, chainInput, droppedTerms } from '../../../../tests/export/snippets/chain/arms';
import { chainProgram } from './chain-laws';
import { chainGdscriptSnippet, chainScript } from './chain-gdscript';
import { coreArmRuns, worstTorqueGap, type LawTrace } from '../../../../tests/export/snippets/chain/trace';
import { runGodotChain } from '../../../../tests/export/snippets/godot/run';

const cases = chainCases();
const core = new Map<string, LawTrace>();
const key = (label: string, law: string) => `${label} ${law}`;
let torques: Record<string, number[]> = {};
const mutants = chainCases()
  .filter((c) => c.arm === ARMS[0])
  .flatMap(({ arm, law }) => droppedTerms(chainProgram(chainInput(arm, law))!).map((m) => ({ arm, law, ...m })));

beforeAll(() => {
  for (const arm of ARMS) for (const run of coreArmRuns(arm)) core.set(key(arm.label, run.law), run);
  const run = (name: string, source: string, arm: (typeof ARMS)[number], law: string) => {
    const trace = core.get(key(arm.label, law))!;
    return { name, source, arm: { links: arm.links, gravity: arm.gravity }, q: trace.q, qd: trace.qd };
  };
  torques = runGodotChain([
    ...cases.map(({ arm, law }, k) => run(`run${k}`, chainGdscriptSnippet(chainInput(arm, law)), arm, law)),
    ...mutants.map((m, k) => run(`dropped${k}`, chainScript(chainInput(m.arm, m.law), m.program), m.arm, m.law)),
  ]);
}, 300_000);

describe('the chain laws in Godot, parsed and replayed, give the core\'s torques', () => {
  cases.forEach(({ arm, law }, k) => {
    it(`${law} on ${arm.label}`, () => {
      const run = core.get(key(arm.label, law))!;
      expect(run.failed).toBeNull();
      expect(worstTorqueGap(torques[`run${k}`]!, run)).toBeLessThanOrEqual(1e-9);
    });
  });

  it('misses the core\'s torques when any one term of any law is dropped', () => {
    expect(mutants.length).toBeGreaterThan(15);
    mutants.forEach((m, k) => {
      expect(worstTorqueGap(torques[`dropped${k}`]!, core.get(key(m.arm.label, m.law))!), `${m.law} without ${m.dropped}`).toBeGreaterThan(1e-6);
    });
  });
});
