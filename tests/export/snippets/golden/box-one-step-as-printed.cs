// forcelab: one-step, as printed turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. The law has no gains: the state and the step set the torque.
// The law: crates/forcelab/src/published.rs (one_step_torque_as_printed: article 002's
// listing as printed. It returns I dw, an impulse, where a torque I dw / dt is meant;
// it turns into the inertia frame and back the wrong way round; its angle-axis angle
// runs to 360 degrees, so past 180 it turns the long way).
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabOneStepAsPrintedBox : MonoBehaviour
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

    // The rotation (rad, world) from `from` to `to` as the listing reads it: ToAngleAxis's
    // angle runs to 360 degrees, so past 180 this turns the long way round.
    static Vector3 PrintedRotation(Quaternion from, Quaternion to)
    {
        Quaternion turn = to * Quaternion.Inverse(from);
        turn.ToAngleAxis(out float degrees, out Vector3 axis);
        return axis * (degrees * Mathf.Deg2Rad);
    }

    void FixedUpdate()
    {
        Vector3 w = PrintedRotation(body.rotation, target.rotation) / (float)dt - body.angularVelocity;
        Vector3 wl = Quaternion.Inverse(body.rotation) * w;
        // Where the engine keeps the inertia along the body's axes, frame is the identity
        // and the listing's wrong-way turn into the inertia frame does not show.
        Vector3 wll = Vector3.Scale(body.inertiaTensorRotation * wl, body.inertiaTensor);
        Vector3 tl = Quaternion.Inverse(body.inertiaTensorRotation) * wll;
        body.AddTorque(body.rotation * tl, ForceMode.Force);
    }
}
