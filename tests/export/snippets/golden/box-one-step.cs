// forcelab: one-step (deadbeat) turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. The law has no gains: the state and the step set the torque.
// The law: crates/forcelab/src/controllers/one_step.rs (one_step_torque3: the torque
// that lands on the target at the end of this step, through the step's own update).
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabOneStepBox : MonoBehaviour
{
    public Transform target; // the orientation to turn to
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
        // The update q' = normalize(q + dt/2 (w', 0) q) turns by 2 atan(|w'| dt / 2) about w',
        // so the angular velocity that lands on the target has |w'| = 2 tan(angle / 2) / dt.
        Vector3 theta = RotationVector(body.rotation, target.rotation);
        double angle = theta.magnitude;
        Vector3 next = angle < 1e-12 ? theta / (float)dt : (float)(2.0 * System.Math.Tan(0.5 * angle) / (angle * dt)) * theta;
        // The principal frame r, in which the inertia is the diagonal i.
        Quaternion r = body.rotation * body.inertiaTensorRotation;
        Quaternion rt = Quaternion.Inverse(r);
        Vector3 i = body.inertiaTensor;
        Vector3 w = rt * body.angularVelocity;
        Vector3 iw = Vector3.Scale(i, w);
        Vector3 change = (rt * next - w) / (float)dt;
        // The implicit gyroscopic velocity update inverted: tau = J change + w x (i w),
        // with J u = i u + dt (w x (i u) - (i w) x u).
        Vector3 iu = Vector3.Scale(i, change);
        Vector3 tau = iu + (float)dt * (Vector3.Cross(w, iu) - Vector3.Cross(iw, change)) + Vector3.Cross(w, iw);
        body.AddTorque(r * tau, ForceMode.Force);
    }
}
