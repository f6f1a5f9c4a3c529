// forcelab: PID turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// The law: crates/forcelab/src/controllers/pid_torque.rs, a PID on the rotation vector
// to the target (derivative on the error; anti-windup: back-calculation); the limits
// bound the torque's length.
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ForcelabPidBox : MonoBehaviour
{
    public Transform target; // the orientation to turn to
    public double kp = 400.0; // stiffness, N/m
    public double kd = 40.0; // damping, N s/m
    public double ki = 50.0; // integral gain, N/(m s)
    public double integralLimit = 2.0; // the integral term's limit, N m
    public double outputLimit = 3.0; // the actuator's limit, N m
    public double derivativeFilter = 0.02; // time constant of the low-pass on the derivative, s
    public double kt = 8.0; // back-calculation tracking gain, 1/s
    public double mass = 2.5;
    public double dt = 0.016666666666666666;

    Rigidbody body;
    // The law's memory, emptied whenever the component is enabled.
    Vector3 integral; // the integral term, N m
    Vector3 previousError; // last step's error, rad
    Vector3 filtered; // the filtered derivative term, N m
    bool started; // whether there was a last step

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

    void OnEnable()
    {
        integral = Vector3.zero;
        previousError = Vector3.zero;
        filtered = Vector3.zero;
        started = false;
    }

    // The Lab's gains are the cube's per kg: on the box they are scaled by the
    // inertia about the turning axis a = (1, 2, 3) / |(1, 2, 3)|, over the mass.
    double Scale => (body.inertiaTensor.x + 4.0 * body.inertiaTensor.y + 9.0 * body.inertiaTensor.z) / 14.0 / mass;

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
        Vector3 error = RotationVector(body.rotation, target.rotation);
        Vector3 derivative = started ? (float)(kd * Scale / dt) * (error - previousError) : Vector3.zero;
        filtered = started ? filtered + (float)(dt / (derivativeFilter + dt)) * (derivative - filtered) : derivative;
        derivative = filtered;
        Vector3 p = (float)(kp * Scale) * error;
        Vector3 candidate = Vector3.ClampMagnitude(integral + (float)(ki * Scale * dt) * error, (float)integralLimit);
        Vector3 unsaturated = p + candidate + derivative;
        Vector3 output = Vector3.ClampMagnitude(unsaturated, (float)outputLimit);
        integral = Vector3.ClampMagnitude(candidate + (float)(kt * dt) * (output - unsaturated), (float)integralLimit);
        previousError = error;
        started = true;
        body.AddTorque(Vector3.ClampMagnitude(p + integral + derivative, (float)outputLimit), ForceMode.Force);
    }
}
