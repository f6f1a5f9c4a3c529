// forcelab: windowed PID, as printed pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The law: crates/forcelab/src/controllers/windowed_pid_as_printed.rs (article 001 as
// printed: the Simpson sum divided by 3 dt)
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
// For the motion forcelab computes: no drag, no interpolation (set in Awake), and
// nothing else touching the body. Unity steps semi-implicit Euler, as the Lab's default.
using System;
using System.Collections.Generic;
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabWindowedPidAsPrinted : MonoBehaviour
{
    public Transform target;
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
    public double ki = 0.0; // integral gain, N/(m s)
    public int window = 7; // errors kept (at least 3)
    public double plantGain = 1.0; // the gain that scales every term
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
        readonly double ki;
        readonly int window;
        readonly double plantGain;
        readonly List<double> errors = new List<double>(); // the last `window` errors, m, oldest first

        public Law(ForcelabWindowedPidAsPrinted settings, double scale)
        {
            kp = settings.kp * scale;
            kd = settings.kd * scale;
            ki = settings.ki * scale;
            window = settings.window;
            plantGain = settings.plantGain;
        }

        // The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
        public double Step(double x, double v, double xt, double vt, double m, double dt)
        {
            errors.Add(xt - x);
            while (errors.Count > window) errors.RemoveAt(0);
            int n = errors.Count;
            double force = 0.0;
            if (n >= 3)
            {
                double sum = 0.0;
                for (int j = 1; j < n - 1; j++)
                {
                    if (j % 2 == 1)
                    {
                        sum = sum + 4.0 * errors[j];
                    }
                }
                for (int j = 2; j < n - 1; j++)
                {
                    if (j % 2 == 0)
                    {
                        sum = sum + 2.0 * errors[j];
                    }
                }
                sum = sum + errors[0];
                sum = sum + errors[n - 1];
                double integral = sum / (3.0 * dt);
                force = plantGain * kp * errors[n - 1] + plantGain * ki * integral + plantGain * kd * (errors[n - 1] - errors[n - 2]) / dt;
            }
            return force;
        }
    }
}
