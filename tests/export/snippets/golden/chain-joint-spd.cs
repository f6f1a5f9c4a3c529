// forcelab: joint-spd holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at a
// pose under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles, rates and torques about each joint's
// axis, as Unity's jointPosition, jointVelocity and jointForce read them; the error is
// target - angle. Gains per joint: kp N m/rad, kd N m s/rad, ki N m/(rad s).
// The law: crates/forcelab/src/controllers/chain/joint_spd.rs (the articles' SPD on
// each joint, with the inertia M_ii the chain has about it).
// Unity 2022.2 or later (Unity 6): an arm of ArticulationBody links, each joined to the one
// before by a revolute joint, under an immovable root. Build it so that a joint position
// of 0 is the core's zero (the upper arm along +x, each later link straight on), turning
// about +z, or give the target in your arm's terms. The torques are written to each
// joint's jointForce before PhysX steps; the law is computed in doubles.
using System;
using System.Collections.Generic;
using UnityEngine;

public class ForcelabChainJointSpd : MonoBehaviour
{
    // The arm's moving links, shoulder first (each with a one-degree-of-freedom revolute joint).
    public ArticulationBody[] links;
    // The pose to lift to and hold, rad per joint (as jointPosition reads it).
    public double[] target = { 0.5235987755982988, 1.0471975511965976 };
    public double[] kp = { 50.0, 50.0 }; // stiffness per joint, N m/rad
    public double[] kd = { 5.0, 5.0 }; // damping per joint, N m s/rad
    public double dt = 0.016666666666666666;

    readonly List<int> starts = new List<int>();
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
        for (int i = 0; i < n; i++)
        {
            // The error a step ahead, and the joint's own acceleration as in 1-D.
            double e = q[i] + qd[i] * dt - qt[i];
            double qdd = (-kp[i] * e - kd[i] * qd[i]) / (M[i][i] + kd[i] * dt);
            tau[i] = -kp[i] * e - kd[i] * (qd[i] + qdd * dt);
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
}
