// forcelab: joint-pd holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at a pose
// under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles, rates and torques about each joint's
// axis, as Unity's jointPosition, jointVelocity and jointForce read them; the error is
// target - angle. Gains per joint: kp N m/rad, kd N m s/rad, ki N m/(rad s).
// The law: crates/forcelab/src/controllers/chain/joint_pd.rs: tau_i = kp_i (q*_i - q_i)
// - kd_i qd_i.
// Unity 2022.2 or later (Unity 6): an arm of ArticulationBody links, each joined to the one
// before by a revolute joint, under an immovable root. Build it so that a joint position
// of 0 is the core's zero (the upper arm along +x, each later link straight on), turning
// about +z, or give the target in your arm's terms. The torques are written to each
// joint's jointForce before PhysX steps; the law is computed in doubles.
using System;
using System.Collections.Generic;
using UnityEngine;

public class ForcelabChainJointPd : MonoBehaviour
{
    // The arm's moving links, shoulder first (each with a one-degree-of-freedom revolute joint).
    public ArticulationBody[] links;
    // The pose to lift to and hold, rad per joint (as jointPosition reads it).
    public double[] target = { 0.5235987755982988, 1.0471975511965976 };
    public double[] kp = { 50.0, 50.0 }; // stiffness per joint, N m/rad
    public double[] kd = { 5.0, 5.0 }; // damping per joint, N m s/rad
    public double dt = 0.016666666666666666;

    // PhysX's own drive instead of this law's torques: each joint's xDrive at stiffness
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

    // A fresh law, its memory empty, whenever the component is enabled.
    void OnEnable()
    {
        if (physxDrive) SetDrives();
    }

    void FixedUpdate()
    {
        if (physxDrive) return;
        int n = links.Length;
        double[] q = new double[n], qd = new double[n], qt = target, tau = new double[n];
        for (int i = 0; i < n; i++)
        {
            q[i] = links[i].jointPosition[0];
            qd[i] = links[i].jointVelocity[0];
        }
        for (int i = 0; i < n; i++)
        {
            tau[i] = kp[i] * (qt[i] - q[i]) - kd[i] * qd[i];
        }
        for (int i = 0; i < n; i++) links[i].jointForce = new ArticulationReducedSpace((float)tau[i]);
    }
}
