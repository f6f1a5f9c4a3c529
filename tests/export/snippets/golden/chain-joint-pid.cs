// forcelab: joint-pid holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at a
// pose under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles, rates and torques about each joint's
// axis, as Unity's jointPosition, jointVelocity and jointForce read them; the error is
// target - angle. Gains per joint: kp N m/rad, kd N m s/rad, ki N m/(rad s).
// The law: crates/forcelab/src/controllers/chain/joint_pid.rs: I_i += (q*_i - q_i) dt,
// tau_i = kp_i e_i + ki_i I_i - kd_i qd_i.
// Unity 2022.2 or later (Unity 6): an arm of ArticulationBody links, each joined to the one
// before by a revolute joint, under an immovable root. Build it so that a joint position
// of 0 is the core's zero (the upper arm along +x, each later link straight on), turning
// about +z, or give the target in your arm's terms. The torques are written to each
// joint's jointForce before PhysX steps; the law is computed in doubles.
using System;
using System.Collections.Generic;
using UnityEngine;

public class ForcelabChainJointPid : MonoBehaviour
{
    // The arm's moving links, shoulder first (each with a one-degree-of-freedom revolute joint).
    public ArticulationBody[] links;
    // The pose to lift to and hold, rad per joint (as jointPosition reads it).
    public double[] target = { 0.5235987755982988, 1.0471975511965976 };
    public double[] kp = { 50.0, 50.0 }; // stiffness per joint, N m/rad
    public double[] kd = { 5.0, 5.0 }; // damping per joint, N m s/rad
    public double[] ki = { 20.0, 20.0 }; // integral gain per joint, N m/(rad s)
    public double dt = 0.016666666666666666;

    // The law's memory, emptied whenever the component is enabled.
    double[] integral; // the integral of each joint's error, rad s

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
        integral = new double[links.Length];
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
        for (int i = 0; i < n; i++)
        {
            double e = qt[i] - q[i];
            integral[i] = integral[i] + e * dt;
            tau[i] = kp[i] * e + ki[i] * integral[i] - kd[i] * qd[i];
        }
        for (int i = 0; i < n; i++) links[i].jointForce = new ArticulationReducedSpace((float)tau[i]);
    }
}
