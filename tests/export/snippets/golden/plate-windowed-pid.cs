// forcelab: windowed Simpson PID moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
// The law on each coordinate: crates/forcelab/src/controllers/windowed_pid.rs (article
// 001, corrected)
// Unity 6 2D physics (Rigidbody2D.linearVelocity); Unity keeps the angle in degrees.
// For the motion forcelab computes: no drag, no interpolation (set in Awake), and
// nothing else touching the body. Unity steps semi-implicit Euler, as the Lab's default.
using System;
using System.Collections.Generic;
using UnityEngine;

[RequireComponent(typeof(Rigidbody2D))]
public class ForcelabWindowedPidPlate : MonoBehaviour
{
    public Transform target; // its x, y (m) and its rotation about z (the heading)
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
    public double ki = 0.0; // integral gain, N/(m s)
    public int window = 7; // errors kept (at least 3)
    public double plantGain = 1.0; // the gain that scales every term
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody2D body;
    Law alongX, alongY, turn;

    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    double Inertia => mass * 1.25 / 12.0;

    void Awake()
    {
        body = GetComponent<Rigidbody2D>();
        body.mass = (float)mass;
        body.inertia = (float)Inertia;
        body.gravityScale = 0f;
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.interpolation = RigidbodyInterpolation2D.None;
        Time.fixedDeltaTime = (float)dt;
    }

    // Fresh laws, their memory empty, whenever the component is enabled.
    void OnEnable()
    {
        alongX = new Law(this, 1.0);
        alongY = new Law(this, 1.0);
        // The turn: gains and efforts scaled by I/m (same frequency and damping).
        turn = new Law(this, Inertia / mass);
    }

    void FixedUpdate()
    {
        double fx = alongX.Step(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, dt);
        double fy = alongY.Step(body.position.y, body.linearVelocity.y, target.position.y, 0.0, mass, dt);
        // The heading error the short way round.
        double angle = body.rotation * Mathf.Deg2Rad, w = body.angularVelocity * Mathf.Deg2Rad;
        double goal = target.eulerAngles.z * Mathf.Deg2Rad;
        double heading = angle + Wrap(goal - angle);
        double torque = turn.Step(angle, w, heading, 0.0, Inertia, dt);
        body.AddForce(new Vector2((float)fx, (float)fy), ForceMode2D.Force);
        body.AddTorque((float)torque, ForceMode2D.Force);
    }

    // An angle brought into [-pi, pi).
    static double Wrap(double a) => a - 2.0 * Math.PI * Math.Floor((a + Math.PI) / (2.0 * Math.PI));

    // The law, with its memory (fields start at zero): one per driven coordinate.
    class Law
    {
        readonly double kp;
        readonly double kd;
        readonly double ki;
        readonly int window;
        readonly double plantGain;
        readonly List<double> errors = new List<double>(); // the last `window` errors, m, oldest first

        public Law(ForcelabWindowedPidPlate settings, double scale)
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
                int thirdEnd = n - 1;
                double tail = 0.0;
                if ((n - 1) % 2 == 1)
                {
                    thirdEnd = n - 4;
                    tail = 3.0 * dt / 8.0 * (errors[n - 4] + 3.0 * errors[n - 3] + 3.0 * errors[n - 2] + errors[n - 1]);
                }
                double sum = 0.0;
                if (thirdEnd > 0)
                {
                    sum = errors[0] + errors[thirdEnd];
                    for (int j = 1; j < thirdEnd; j++)
                    {
                        if (j % 2 == 1)
                        {
                            sum = sum + 4.0 * errors[j];
                        }
                        else
                        {
                            sum = sum + 2.0 * errors[j];
                        }
                    }
                }
                double integral = dt / 3.0 * sum + tail;
                force = plantGain * kp * errors[n - 1] + plantGain * ki * integral + plantGain * kd * (errors[n - 1] - errors[n - 2]) / dt;
            }
            return force;
        }
    }
}
