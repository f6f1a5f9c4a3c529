// forcelab: Wu's backward PD turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// The law: crates/forcelab/src/controllers/backward_pd_torque.rs (Wu: gains scaled by
// g).
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabBackwardPdBox : MonoBehaviour
{
    public Transform target; // the orientation to turn to
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody body;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        // A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
        body.inertiaTensor = new Vector3((float)(mass * (0.25 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.25) / 12.0));
        body.inertiaTensorRotation = Quaternion.identity;
        body.useGravity = false;
        // For the turn forcelab computes: Unity's default angular drag (0.05) and its cap
        // on the angular velocity would slow it, so both are set out of the way. forcelab's
        // box then steps the gyroscopic term implicitly and the orientation by
        // q + dt/2 (w, 0) q; where Unity's PhysX steps these differently, the laws that
        // predict the step (the SPDs, one-step) land close to, not exactly on, their aim.
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.maxAngularVelocity = 1000f;
        body.interpolation = RigidbodyInterpolation.None;
        Time.fixedDeltaTime = (float)dt;
    }

    // I_w v: the world inertia times a world vector.
    Vector3 InertiaTimes(Vector3 v)
    {
        Quaternion r = body.rotation * body.inertiaTensorRotation;
        return r * Vector3.Scale(body.inertiaTensor, Quaternion.Inverse(r) * v);
    }

    // The shortest rotation (rad, world) that turns `from` into `to`. Read with atan2, not
    // ToAngleAxis's acos, which in floats cannot see an angle below about 1e-3 rad.
    static Vector3 RotationVector(Quaternion from, Quaternion to)
    {
        Quaternion q = to * Quaternion.Inverse(from);
        if (q.w < 0f) q = new Quaternion(-q.x, -q.y, -q.z, -q.w);
        Vector3 v = new Vector3(q.x, q.y, q.z);
        float s = v.magnitude;
        return s < 1e-12f ? 2f * v : (float)(2.0 * System.Math.Atan2(s, q.w) / s) * v;
    }

    void FixedUpdate()
    {
        // The gains per unit inertia: kp I/m about any axis, divided by I.
        double kpu = kp / mass;
        double kdu = kd / mass;
        double g = 1.0 / (1.0 + kdu * dt + kpu * dt * dt);
        double stiffness = g * kpu;
        double damping = g * (kdu + kpu * dt);
        // theta: the shortest rotation (rad, world) from the body to the target.
        Vector3 theta = RotationVector(body.rotation, target.rotation);
        Vector3 alpha = (float)stiffness * theta + (float)damping * (Vector3.zero - body.angularVelocity);
        body.AddTorque(InertiaTimes(alpha), ForceMode.Force);
    }
}
