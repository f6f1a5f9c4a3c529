/**
 * The Unity snippet of a chain law: a MonoBehaviour that drives an arm of
 * ArticulationBody links (PhysX's reduced-coordinate articulation, revolute joints)
 * by writing each joint's torque to `jointForce` in FixedUpdate. It reads the joint
 * angles and rates from `jointPosition` and `jointVelocity`, and only what the law's
 * step names of the rest: `G` from `GetJointGravityForces`, `C` from that plus
 * `GetJointCoriolisCentrifugalForces`, `M` assembled from `GetDenseJacobian` and each
 * link's mass and inertia. The law's step is the core's (`chain-laws.ts`), spelled by
 * the C# dialect. The tests compile it with mcs against the UnityEngine stand-in and
 * replay the core's arm through it (`chain-unity.test.ts`).
 */
import { CSHARP, render } from './engine-program';
import { chainHeader, chainProgram, numbers, vocabularyUsed, type ChainProgram, type ChainSnippetInput } from './chain-laws';
import { literal, wrap } from './input';

/** The component's class name: `ForcelabChainJointPd`, `ForcelabChainMassMatrixSpd`, ... */
export const chainClassName = (s: Pick<ChainSnippetInput, 'law'>) => `ForcelabChain${s.law.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;

/** G: PhysX's generalized gravity force, read where each link's degree of freedom starts. */
const gravity = `    // G: the torques that hold the arm's weight at its pose, N m per joint (PhysX's
    // generalized gravity force, which Unity lists by degree of freedom).
    double[] Gravity()
    {
        links[0].GetDofStartIndices(starts);
        links[0].GetJointGravityForces(forces);
        double[] g = new double[links.Length];
        for (int i = 0; i < links.Length; i++) g[i] = forces[starts[links[i].index]];
        return g;
    }`;

/** C: the gravity torques plus the Coriolis and centrifugal ones at these rates. */
const bias = `    // C: G plus the torques that cancel the Coriolis and centrifugal forces at these
    // rates, N m per joint: what holds the arm still against its motion and weight.
    double[] Bias()
    {
        double[] c = Gravity();
        links[0].GetJointCoriolisCentrifugalForces(forces);
        for (int i = 0; i < links.Length; i++) c[i] += forces[starts[links[i].index]];
        return c;
    }`;

/** M from the dense Jacobian: Unity has no call for the whole mass matrix. */
const massMatrix = `    // M: the arm's mass matrix, kg m^2, from PhysX's dense Jacobian, whose rows map the
    // joint rates to each link's velocity at its center of mass (3 rows) and angular
    // velocity (3 rows), world, 6 rows per body in ArticulationBody.index order, a column
    // per degree of freedom (the root immovable): M = sum over the links of
    // m Jv^T Jv + Jw^T I_w Jw. Unity has no call for the whole matrix:
    // GetJointForcesForAcceleration gives one joint's force for its own acceleration
    // alone (the diagonal, none of the coupling the whole-chain SPD solves with).
    double[][] MassMatrix()
    {
        int n = links.Length;
        links[0].GetDofStartIndices(starts);
        links[0].GetDenseJacobian(ref jacobian);
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) m[i] = new double[n];
        foreach (ArticulationBody link in links)
        {
            int row = 6 * link.index;
            Quaternion r = link.transform.rotation * link.inertiaTensorRotation;
            for (int i = 0; i < n; i++)
            {
                int a = starts[links[i].index];
                Vector3 vi = new Vector3(jacobian[row, a], jacobian[row + 1, a], jacobian[row + 2, a]);
                Vector3 wi = new Vector3(jacobian[row + 3, a], jacobian[row + 4, a], jacobian[row + 5, a]);
                for (int j = 0; j < n; j++)
                {
                    int b = starts[links[j].index];
                    Vector3 vj = new Vector3(jacobian[row, b], jacobian[row + 1, b], jacobian[row + 2, b]);
                    Vector3 wj = new Vector3(jacobian[row + 3, b], jacobian[row + 4, b], jacobian[row + 5, b]);
                    // I_w wj: the link's world inertia times wj.
                    Vector3 iw = r * Vector3.Scale(link.inertiaTensor, Quaternion.Inverse(r) * wj);
                    m[i][j] += link.mass * Vector3.Dot(vi, vj) + Vector3.Dot(wi, iw);
                }
            }
        }
        return m;
    }`;

/** The core's list operations, each a helper. */
const HELPERS: [name: string, code: string][] = [
  ['Zeros', `    // Zeros(n): a list of n zeros.
    static double[] Zeros(int n) => new double[n];`],
  ['Copy', `    // Copy(a): a copy of the matrix a, to change without changing a.
    static double[][] Copy(double[][] a)
    {
        double[][] c = new double[a.Length][];
        for (int i = 0; i < a.Length; i++) c[i] = (double[])a[i].Clone();
        return c;
    }`],
  ['Solve', `    // Solve(a, b): x with a x = b, a symmetric positive definite: a = L L^T
    // (Cholesky), then L y = b and L^T x = y.
    static double[] Solve(double[][] a, double[] b)
    {
        int n = b.Length;
        double[][] l = new double[n][];
        for (int i = 0; i < n; i++)
        {
            l[i] = new double[n];
            for (int j = 0; j <= i; j++)
            {
                double s = a[i][j];
                for (int k = 0; k < j; k++) s -= l[i][k] * l[j][k];
                l[i][j] = i == j ? Math.Sqrt(s) : s / l[j][j];
            }
        }
        double[] y = new double[n], x = new double[n];
        for (int i = 0; i < n; i++)
        {
            double s = b[i];
            for (int k = 0; k < i; k++) s -= l[i][k] * y[k];
            y[i] = s / l[i][i];
        }
        for (int i = n - 1; i >= 0; i--)
        {
            double s = y[i];
            for (int k = i + 1; k < n; k++) s -= l[k][i] * x[k];
            x[i] = s / l[i][i];
        }
        return x;
    }`],
];

/** PhysX's own drive, offered beside the per-joint PD it stands for. */
const drive = `    // PhysX's own drive instead of this law's torques: each joint's xDrive at stiffness
    // kp and damping kd toward the target (in degrees, as Unity's drives take it). PhysX
    // solves it implicitly, so it holds stiffer gains at a long step than this explicit
    // PD, and it moves the arm differently (forcelab's twin of it: chain --physx drive).
    public bool physxDrive = false;

    void SetDrives()
    {
        for (int i = 0; i < links.Length; i++)
        {
            ArticulationDrive d = links[i].xDrive;
            d.stiffness = (float)kp[i];
            d.damping = (float)kd[i];
            d.forceLimit = float.MaxValue;
            d.target = (float)(target[i] * Mathf.Rad2Deg);
            links[i].xDrive = d;
        }
    }
`;

/** The Unity component of the chain law of `s`, or a comment naming a law it does not write out. */
export function chainCsharpSnippet(s: ChainSnippetInput): string {
  const p = chainProgram(s);
  if (!p) return `${chainHeader(s, '//', '')}\n// ${s.law} is not a chain law forcelab writes out.\n`;
  return component(s, p);
}

/** The Unity component of `p` on the arm of `s` (the tests hand it programs with a term dropped). */
export function component(s: ChainSnippetInput, p: ChainProgram): string {
  const uses = vocabularyUsed(p.step);
  const reads = (name: string) => uses.has(name);
  const offersDrive = s.law === 'joint-pd';
  const listsFromPhysx = reads('G') || reads('C') || reads('M');
  const fields = [
    `    // The pose to lift to and hold, rad per joint (as jointPosition reads it).`,
    `    public double[] target = ${numbers(s.target, '{ ', ' }')};`,
    ...p.gains.map((g) => `    public double[] ${g.name} = ${numbers(g.values, '{ ', ' }')}; // ${g.doc}`),
    `    public double dt = ${literal(s.dt)};`,
  ];
  const memory = p.memory.length
    ? `\n    // The law's memory, emptied whenever the component is enabled.\n${p.memory.map((m) => `    double[] ${m.name}; // ${m.doc}`).join('\n')}\n`
    : '';
  const scratch = [
    ...(listsFromPhysx ? ['    readonly List<int> starts = new List<int>();'] : []),
    ...(reads('G') || reads('C') ? ['    readonly List<float> forces = new List<float>();'] : []),
    ...(reads('M') ? ['    ArticulationJacobian jacobian = new ArticulationJacobian(0, 0);'] : []),
  ];
  const inputs = [
    ...(reads('M') ? ['        double[][] M = MassMatrix();'] : []),
    ...(reads('G') ? ['        double[] G = Gravity();'] : []),
    ...(reads('C') ? ['        double[] C = Bias();'] : []),
  ];
  const enable = [
    ...p.memory.map((m) => `        ${m.name} = new double[links.Length];`),
    ...(offersDrive ? ['        if (physxDrive) SetDrives();'] : []),
  ];
  const helpers = [
    ...(reads('M') ? [massMatrix] : []),
    ...(reads('G') || reads('C') ? [gravity] : []),
    ...(reads('C') ? [bias] : []),
    ...HELPERS.filter(([name]) => reads(name)).map(([, code]) => code),
  ];
  return `${chainHeader(s, '//', 'angles, rates and torques about each joint\'s axis, as Unity\'s jointPosition, jointVelocity and jointForce read them;')}
${wrap(`The law: ${p.source}.`, '//')}
// Unity 2022.2 or later (Unity 6): an arm of ArticulationBody links, each joined to the one
// before by a revolute joint, under an immovable root. Build it so that a joint position
// of 0 is the core's zero (the upper arm along +x, each later link straight on), turning
// about +z, or give the target in your arm's terms. The torques are written to each
// joint's jointForce before PhysX steps; the law is computed in doubles.
using System;
using System.Collections.Generic;
using UnityEngine;

public class ${chainClassName(s)} : MonoBehaviour
{
    // The arm's moving links, shoulder first (each with a one-degree-of-freedom revolute joint).
    public ArticulationBody[] links;
${fields.join('\n')}
${offersDrive ? `\n${drive}` : ''}${memory}${scratch.length ? `\n${scratch.join('\n')}\n` : ''}
    void Awake()
    {
        Time.fixedDeltaTime = (float)dt;
        // For the motion forcelab computes: no damping or friction on the links (Unity
        // gives each link 0.05 of both by default), only the law's torques.
        foreach (ArticulationBody link in links)
        {
            link.linearDamping = 0f;
            link.angularDamping = 0f;
            link.jointFriction = 0f;
        }
    }
${enable.length ? `\n    // A fresh law, its memory empty, whenever the component is enabled.\n    void OnEnable()\n    {\n${enable.join('\n')}\n    }\n` : ''}
    void FixedUpdate()
    {
${offersDrive ? '        if (physxDrive) return;\n' : ''}        int n = links.Length;
        double[] q = new double[n], qd = new double[n]${reads('qt') ? ', qt = target' : ''}, tau = new double[n];
        for (int i = 0; i < n; i++)
        {
            q[i] = links[i].jointPosition[0];
            qd[i] = links[i].jointVelocity[0];
        }
${inputs.length ? `${inputs.join('\n')}\n` : ''}${render(p.step, CSHARP, '        ').join('\n')}
        for (int i = 0; i < n; i++) links[i].jointForce = new ArticulationReducedSpace((float)tau[i]);
    }
${helpers.map((h) => `\n${h}\n`).join('')}}
`;
}
