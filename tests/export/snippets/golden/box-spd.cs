// forcelab: stable PD (SPD) turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// The law: crates/forcelab/src/controllers/spd_torque.rs (Tan's SPD on an orientation:
// the error one step ahead, the torque's own effect on the velocity solved for in the
// principal frame, gyroscopic term included).
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabSpdBox : MonoBehaviour
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

    // The Lab's gains are the cube's per kg: on the box they are scaled by the
    // inertia about the turning axis a = (1, 2, 3) / |(1, 2, 3)|, over the mass.
    double Scale => (body.inertiaTensor.x + 4.0 * body.inertiaTensor.y + 9.0 * body.inertiaTensor.z) / 14.0 / mass;

    // q turned by the world angular velocity w (rad/s) held for dt s: exp(w dt / 2) q.
    static Quaternion Advanced(Quaternion q, Vector3 w, double dt) =>
        (Quaternion.AngleAxis((float)(w.magnitude * dt) * Mathf.Rad2Deg, w) * q).normalized;

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

    // a / b per component.
    static Vector3 Divide(Vector3 a, Vector3 b) => new Vector3(a.x / b.x, a.y / b.y, a.z / b.z);

    void FixedUpdate()
    {
        // The torque gains, N m/rad and N m s/rad.
        double kps = kp * Scale;
        double kds = kd * Scale;
        // The principal frame r, in which the inertia is the diagonal i.
        Quaternion r = body.rotation * body.inertiaTensorRotation;
        Quaternion rt = Quaternion.Inverse(r);
        Vector3 i = body.inertiaTensor;
        // The error one step ahead: from where the body will be if it keeps its spin.
        Vector3 e = rt * RotationVector(Advanced(body.rotation, body.angularVelocity, dt), target.rotation);
        Vector3 w = rt * body.angularVelocity;
        Vector3 gyro = Vector3.Cross(w, Vector3.Scale(i, w));
        Vector3 p = (float)kps * e;
        // The acceleration this step's torque causes, solved for per principal axis:
        // i alpha = p - kd (w + alpha dt) - w x (i w).
        Vector3 alpha = Divide(p - (float)kds * w - gyro, i + (float)(kds * dt) * Vector3.one);
        Vector3 d = (float)kds * (-w - (float)dt * alpha);
        body.AddTorque(r * (p + d), ForceMode.Force);
    }
}
