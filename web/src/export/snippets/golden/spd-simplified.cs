// forcelab: simplified SPD pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The law: crates/forcelab/src/controllers/spd_simplified.rs (gains per kg, the next step's position)
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabSpdSimplified : MonoBehaviour
{
    public Transform target;
    public double kp = 400.0;
    public double kd = 40.0;
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody body;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        Time.fixedDeltaTime = (float)dt;
    }

    void FixedUpdate()
    {
        double m = mass;
        double x = body.position.x, v = body.linearVelocity.x;
        double xt = target.position.x, vt = 0.0;
        double kpm = kp / m;
        double kdm = kd / m;
        double force = m * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v));
        body.AddForce(new Vector3((float)force, 0f, 0f), ForceMode.Force);
    }
}
