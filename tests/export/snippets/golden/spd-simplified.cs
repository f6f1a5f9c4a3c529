// forcelab: simplified SPD pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The law: crates/forcelab/src/controllers/spd_simplified.rs (gains per kg, the next
// step's position)
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
// For the motion forcelab computes: no drag, no interpolation (set in Awake), and
// nothing else touching the body. Unity steps semi-implicit Euler, as the Lab's default.
using System;
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabSpdSimplified : MonoBehaviour
{
    public Transform target;
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody body;
    Law law;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        // Only the law pushes: no gravity (it would pull the cube down, onto a floor's friction).
        body.useGravity = false;
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.interpolation = RigidbodyInterpolation.None;
        Time.fixedDeltaTime = (float)dt;
    }

    // A fresh law, its memory empty, whenever the component is enabled.
    void OnEnable()
    {
        law = new Law(this, 1.0);
    }

    void FixedUpdate()
    {
        double force = law.Step(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, dt);
        body.AddForce(new Vector3((float)force, 0f, 0f), ForceMode.Force);
    }

    // The law, with its memory (fields start at zero): one per driven coordinate.
    class Law
    {
        readonly double kp;
        readonly double kd;

        public Law(ForcelabSpdSimplified settings, double scale)
        {
            kp = settings.kp * scale;
            kd = settings.kd * scale;
        }

        // The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
        public double Step(double x, double v, double xt, double vt, double m, double dt)
        {
            double kpm = kp / m;
            double kdm = kd / m;
            double force = m * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v));
            return force;
        }
    }
}
