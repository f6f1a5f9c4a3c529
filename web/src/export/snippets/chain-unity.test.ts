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
 * - with any one term of any law's step dropped, the replay misses the core by far more;
 * - PD per joint's "physxDrive" path, ticked as a reader would, run in Unity's floats:
 *   it writes no torque and leaves each joint's xDrive at the gains the core's translator
 *   gives for Unity's ArticulationDrive (`engines::unity`, "unity-articulation") and the
 *   target in degrees, as Unity's revolute drives take it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, chainCases, chainInput, droppedTerms } from '../../../../tests/export/snippets/chain/arms';
import { chainProgram } from './chain-laws';
import { chainClassName, chainCsharpSnippet, component } from './chain-csharp';
import { coreArmRuns, replayText, worstTorqueGap, type LawTrace } from '../../../../tests/export/snippets/chain/trace';
import { runUnityChain, runUnityChainDrive, type UnityChainRun, type UnityDriveRun } from '../../../../tests/export/snippets/unity/run';
import { readFileSync } from 'node:fs';
import { loadEnginesSync, translate } from '../../core/engines-wasm';

const cases = chainCases();
const core = new Map<string, LawTrace>();
const key = (label: string, law: string) => `${label} ${law}`;
const runs = { float: [] as number[][], double: [] as number[][], dropped: [] as number[][], drive: [] as UnityDriveRun[] };
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
  runs.drive = runUnityChainDrive(
    ARMS.map((arm) => ({ className: chainClassName({ law: 'joint-pd' }), source: chainCsharpSnippet(chainInput(arm, 'joint-pd')), replay: replayText(arm, core.get(key(arm.label, 'joint-pd'))!) })),
    'float',
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

describe("PD per joint's physxDrive path, ticked, in Unity's floats", () => {
  beforeAll(() => {
    loadEnginesSync(readFileSync(new URL('../../../pkg-engines/forcelab_wasm_bg.wasm', import.meta.url)));
  });

  ARMS.forEach((arm, k) => {
    it(`sets the drives the core's translator gives, and no torque, on ${arm.label}`, () => {
      const run = runs.drive[k]!;
      expect(run.wroteTorques, 'PhysX drives the arm: the law writes no jointForce').toBe(false);
      expect(run.drives).toHaveLength(arm.links.length);
      // The same gains asked of the translator as a drive's frequency and damping ratio on a unit inertia.
      const w = Math.sqrt(arm.kp);
      const unity = translate({ frequency: w / (2 * Math.PI), dampingRatio: arm.kd / (2 * w), mass: 1, dt: arm.dt, angular: true }).find((e) => e.id === 'unity-articulation')!;
      const value = (name: string) => unity.parameters.find((p) => p.name === name)!.value;
      run.drives.forEach((d, j) => {
        expect(d.stiffness, `joint ${j} stiffness`).toBeCloseTo(value('stiffness'), 3);
        expect(d.damping, `joint ${j} damping`).toBeCloseTo(value('damping'), 3);
        expect(d.stiffness).toBe(Math.fround(arm.kp));
        expect(d.damping).toBe(Math.fround(arm.kd));
        expect(d.target, `joint ${j} target, degrees`).toBeCloseTo((arm.target[j]! * 180) / Math.PI, 4);
        expect(d.targetVelocity).toBe(0);
        expect(d.forceLimit).toBeGreaterThan(1e30);
      });
    });
  });
});
