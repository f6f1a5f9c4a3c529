// forcelab: mass-matrix-spd holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at
// a pose under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles, rates and torques about each joint's
// axis, as Unity's jointPosition, jointVelocity and jointForce read them; the error is
// target - angle. Gains per joint: kp N m/rad, kd N m s/rad, ki N m/(rad s).
// The law: crates/forcelab/src/controllers/chain/mass_matrix_spd.rs (Tan, Liu and Turk:
// (M + Kd dt) qdd = -Kp (q + qd dt - q*) - Kd qd - C).
// Unity 2022.2 or later (Unity 6): an arm of ArticulationBody links, each joined to the one
// before by a revolute joint, under an immovable root. Build it so that a joint position
// of 0 is the core's zero (the upper arm along +x, each later link straight on), turning
// about +z, or give the target in your arm's terms. The torques are written to each
// joint's jointForce before PhysX steps; the law is computed in doubles.
using System;
using System.Collections.Generic;
using UnityEngine;

public class ForcelabChainMassMatrixSpd : MonoBehaviour
{
    // The arm's moving links, shoulder first (each with a one-degree-of-freedom revolute joint).
    public ArticulationBody[] links;
    // The pose to lift to and hold, rad per joint (as jointPosition reads it).
    public double[] target = { 0.5235987755982988, 1.0471975511965976 };
    public double[] kp = { 50.0, 50.0 }; // stiffness per joint, N m/rad
    public double[] kd = { 5.0, 5.0 }; // damping per joint, N m s/rad
    public double dt = 0.016666666666666666;

    readonly List<int> starts = new List<int>();
    readonly List<float> forces = new List<float>();
    ArticulationJacobian jacobian = new ArticulationJacobian(0, 0);

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

    void FixedUpdate()
    {
        int n = links.Length;
        double[] q = new double[n], qd = new double[n], qt = target, tau = new double[n];
        for (int i = 0; i < n; i++)
        {
            q[i] = links[i].jointPosition[0];
            qd[i] = links[i].jointVelocity[0];
        }
        double[][] M = MassMatrix();
        double[] C = Bias();
        double[] spring = Zeros(n);
        double[] rhs = Zeros(n);
        double[][] a = Copy(M);
        for (int i = 0; i < n; i++)
        {
            spring[i] = -kp[i] * (q[i] + qd[i] * dt - qt[i]);
            rhs[i] = spring[i] - kd[i] * qd[i] - C[i];
            a[i][i] = a[i][i] + kd[i] * dt;
        }
        // The acceleration this very torque causes, coupling and bias included.
        double[] qdd = Solve(a, rhs);
        for (int i = 0; i < n; i++)
        {
            tau[i] = spring[i] - kd[i] * (qd[i] + qdd[i] * dt);
        }
        for (int i = 0; i < n; i++) links[i].jointForce = new ArticulationReducedSpace((float)tau[i]);
    }

    // M: the arm's mass matrix, kg m^2, from PhysX's dense Jacobian, whose rows map the
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
    }

    // G: the torques that hold the arm's weight at its pose, N m per joint (PhysX's
    // generalized gravity force, which Unity lists by degree of freedom).
    double[] Gravity()
    {
        links[0].GetDofStartIndices(starts);
        links[0].GetJointGravityForces(forces);
        double[] g = new double[links.Length];
        for (int i = 0; i < links.Length; i++) g[i] = forces[starts[links[i].index]];
        return g;
    }

    // C: G plus the torques that cancel the Coriolis and centrifugal forces at these
    // rates, N m per joint: what holds the arm still against its motion and weight.
    double[] Bias()
    {
        double[] c = Gravity();
        links[0].GetJointCoriolisCentrifugalForces(forces);
        for (int i = 0; i < links.Length; i++) c[i] += forces[starts[links[i].index]];
        return c;
    }

    // Zeros(n): a list of n zeros.
    static double[] Zeros(int n) => new double[n];

    // Copy(a): a copy of the matrix a, to change without changing a.
    static double[][] Copy(double[][] a)
    {
        double[][] c = new double[a.Length][];
        for (int i = 0; i < a.Length; i++) c[i] = (double[])a[i].Clone();
        return c;
    }

    // Solve(a, b): x with a x = b, a symmetric positive definite: a = L L^T
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
    }
}
