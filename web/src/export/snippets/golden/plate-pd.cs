// forcelab: PD moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
// The law on each coordinate: crates/forcelab/src/controllers/forward_pd.rs
// Unity 6 2D physics (Rigidbody2D.linearVelocity); Unity keeps the angle in degrees.
using System;
using UnityEngine;

[RequireComponent(typeof(Rigidbody2D))]
public class ForcelabPdPlate : MonoBehaviour
{
    public Transform target; // its x, y (m) and its rotation about z (the heading)
    public double kp = 400.0;
    public double kd = 40.0;
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody2D body;

    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    double Inertia => mass * 1.25 / 12.0;

    void Awake()
    {
        body = GetComponent<Rigidbody2D>();
        body.mass = (float)mass;
        body.inertia = (float)Inertia;
        body.gravityScale = 0f;
        Time.fixedDeltaTime = (float)dt;
    }

    // The law on one coordinate: position x and velocity v toward xt, vt, for mass m.
    static double Law(double x, double v, double xt, double vt, double m, double kp, double kd, double dt)
    {
        double force = kp * (xt - x) + kd * (vt - v);
        return force;
    }

    void FixedUpdate()
    {
        double fx = Law(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, kp, kd, dt);
        double fy = Law(body.position.y, body.linearVelocity.y, target.position.y, 0.0, mass, kp, kd, dt);
        // The turn: gains scaled by I/m (same frequency and damping), the heading error the short way round.
        double s = Inertia / mass;
        double angle = body.rotation * Mathf.Deg2Rad, w = body.angularVelocity * Mathf.Deg2Rad;
        double goal = target.eulerAngles.z * Mathf.Deg2Rad;
        double heading = angle + Wrap(goal - angle);
        double torque = Law(angle, w, heading, 0.0, Inertia, kp * s, kd * s, dt);
        body.AddForce(new Vector2((float)fx, (float)fy), ForceMode2D.Force);
        body.AddTorque((float)torque, ForceMode2D.Force);
    }

    // An angle brought into [-pi, pi).
    static double Wrap(double a) => a - 2.0 * Math.PI * Math.Floor((a + Math.PI) / (2.0 * Math.PI));
}
