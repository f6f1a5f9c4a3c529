// forcelab: second-order dynamics moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
// The law on each coordinate: crates/forcelab/src/controllers/second_order.rs (the
// frequency and damping ratio that give kp and kd; k2 raised to stay stable at this
// step)
// Unity 6 2D physics (Rigidbody2D.linearVelocity); Unity keeps the angle in degrees.
// For the motion forcelab computes: no drag, no interpolation (set in Awake), and
// nothing else touching the body. Unity steps semi-implicit Euler, as the Lab's default.
using System;
using UnityEngine;

[RequireComponent(typeof(Rigidbody2D))]
public class ForcelabSecondOrderPlate : MonoBehaviour
{
    public Transform target; // its x, y (m) and its rotation about z (the heading)
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
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

        public Law(ForcelabSecondOrderPlate settings, double scale)
        {
            kp = settings.kp * scale;
            kd = settings.kd * scale;
        }

        // The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
        public double Step(double x, double v, double xt, double vt, double m, double dt)
        {
            double frequency = Math.Sqrt(kp / m) / (2.0 * Math.PI);
            double zeta = kd / (2.0 * Math.Sqrt(kp * m));
            double w = 2.0 * Math.PI * frequency;
            double k1 = zeta / (Math.PI * frequency);
            double k2 = Math.Max(Math.Max(1.0 / (w * w), dt * dt / 2.0 + dt * k1 / 2.0), dt * k1);
            double force = m * (xt - x) / k2 + m * (-k1 * v) / k2;
            return force;
        }
    }
}
