/**
 * Every chain law's Unity component, compiled by mcs (warnings as errors) against the
 * UnityEngine stand-in (`tests/export/snippets/unity/StandIn.cs`) and run by mono, with
 * the core's arm replayed through it: before each FixedUpdate every link is where the
 * core's arm was (jointPosition, jointVelocity), GetJointGravityForces and
 * GetJointCoriolisCentrifugalForces give the core's G and C - G there, and
 * GetDenseJacobian the arm's Jacobian at that pose (from which the component builds M).
 * - with `float` read as `double`: each step's jointForce equals the core's torque within
 *   1e-9 (relative past 1 N m), on every joint, for every law on both arms;
 * - in Unity's floats: it compiles, and keeps to the core's torques to float precision;
 * - with any one term of any law's step dropped, the replay misses the core by far more.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, chainCases, chainInput, droppedTerms } from '../../../../tests/export/snippets/chain/arms';
import { chainProgram } from './chain-laws';
import { chainClassName, chainCsharpSnippet, component } from './chain-csharp';
import { coreArmRuns, replayText, worstTorqueGap, type LawTrace } from '../../../../tests/export/snippets/chain/trace';
import { runUnityChain, type UnityChainRun } from '../../../../tests/export/snippets/unity/run';

const cases = chainCases();
const core = new Map<string, LawTrace>();
const key = (label: string, law: string) => `${label} ${law}`;
const runs = { float: [] as number[][], double: [] as number[][], dropped: [] as number[][] };
const mutants = (() => {
  const arm = ARMS[0]!;
  return chainCases()
    .filter((c) => c.arm === arm)
    .flatMap(({ law }) => droppedTerms(chainProgram(chainInput(arm, law))!).map((m) => ({ law, ...m })));
})();

beforeAll(() => {
  for (const arm of ARMS) for (const run of coreArmRuns(arm)) core.set(key(arm.label, run.law), run);
  const templates: UnityChainRun[] = cases.map(({ arm, law }) => ({ className: chainClassName({ law }), source: chainCsharpSnippet(chainInput(arm, law)), replay: replayText(arm, core.get(key(arm.label, law))!) }));
  runs.double = runUnityChain(templates, 'double');
  runs.float = runUnityChain(templates, 'float');
  const arm = ARMS[0]!;
  runs.dropped = runUnityChain(
    mutants.map((m) => ({ className: chainClassName({ law: m.law }), source: component(chainInput(arm, m.law), m.program), replay: replayText(arm, core.get(key(arm.label, m.law))!) })),
    'double',
    true,
  );
}, 300_000);

describe('the chain laws in Unity, compiled and replayed, give the core\'s torques', () => {
  cases.forEach(({ arm, law }, k) => {
    it(`${law} on ${arm.label}`, () => {
      const run = core.get(key(arm.label, law))!;
      expect(run.failed, 'the core holds the arm for the whole run').toBeNull();
      expect(run.tau.length).toBeGreaterThan(50);
      expect(worstTorqueGap(runs.double[k]!, run)).toBeLessThanOrEqual(1e-9);
      // In floats: the same torques to float precision (the state handed over in floats).
      expect(worstTorqueGap(runs.float[k]!, run)).toBeLessThanOrEqual(1e-3);
    });
  });

  it('misses the core\'s torques when any one term of any law is dropped', () => {
    expect(mutants.length).toBeGreaterThan(15);
    mutants.forEach((m, k) => {
      const gap = worstTorqueGap(runs.dropped[k]!, core.get(key(ARMS[0]!.label, m.law))!);
      expect(gap, `${m.law} without ${m.dropped}`).toBeGreaterThan(1e-6);
    });
  });
});
