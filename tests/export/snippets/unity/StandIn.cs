// A minimal stand-in of the UnityEngine types the forcelab Unity templates use, so that
// the test suite can compile every template with mcs and run it (unity.test.ts). It is
// not Unity: a Rigidbody here is a free body stepped by semi-implicit Euler after each
// FixedUpdate (force / mass, then velocity, then position), which is what PhysX and
// Box2D do for a free body with no drag, and what forcelab's Lab does. A turning
// Rigidbody (the box) steps as forcelab's Body3 does (crates/forcelab/src/body/body3.rs,
// `Body3::advance`): the angular velocity by one Newton step of the implicit gyroscopic
// equation in the principal frame, then `q' = normalize(q + dt/2 (w', 0) q)`.
//
// `real` is float, as in Unity, for the build that checks the templates compile against
// Unity's float API; the test builds a second time with `real` = double (and the
// templates' float casts dropped) to check the printed law step for step against the
// page's trace.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using real = System.Single;

namespace UnityEngine
{
    public struct Vector3
    {
        public real x, y, z;
        public Vector3(real x, real y, real z) { this.x = x; this.y = y; this.z = z; }
        public static Vector3 zero => new Vector3(0, 0, 0);
        public static Vector3 one => new Vector3(1, 1, 1);
        public static Vector3 operator -(Vector3 a) => new Vector3(-a.x, -a.y, -a.z);
        public static Vector3 operator /(Vector3 a, real s) => new Vector3(a.x / s, a.y / s, a.z / s);
        public static Vector3 Cross(Vector3 a, Vector3 b) => new Vector3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
        public Vector3 normalized => this / magnitude;
        public static Vector3 operator +(Vector3 a, Vector3 b) => new Vector3(a.x + b.x, a.y + b.y, a.z + b.z);
        public static Vector3 operator -(Vector3 a, Vector3 b) => new Vector3(a.x - b.x, a.y - b.y, a.z - b.z);
        public static Vector3 operator *(real s, Vector3 a) => new Vector3(s * a.x, s * a.y, s * a.z);
        public static Vector3 operator *(Vector3 a, real s) => new Vector3(s * a.x, s * a.y, s * a.z);
        public static Vector3 Scale(Vector3 a, Vector3 b) => new Vector3(a.x * b.x, a.y * b.y, a.z * b.z);
        public static real Dot(Vector3 a, Vector3 b) => a.x * b.x + a.y * b.y + a.z * b.z;
        public real magnitude => (real)Math.Sqrt(Dot(this, this));
        // As Unity: the vector scaled down to length `max` when it is longer.
        public static Vector3 ClampMagnitude(Vector3 v, real max) => v.magnitude > max ? (max / v.magnitude) * v : v;
    }

    public struct Vector2
    {
        public real x, y;
        public Vector2(real x, real y) { this.x = x; this.y = y; }
    }

    /// <summary>What the box templates name, with Unity's conventions (angles in degrees).</summary>
    public struct Quaternion
    {
        public real x, y, z, w;
        public Quaternion(real x, real y, real z, real w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Quaternion identity => new Quaternion(0, 0, 0, 1);
        public static Quaternion Inverse(Quaternion q) => new Quaternion(-q.x, -q.y, -q.z, q.w);
        // As Unity: a turn of `degrees` about `axis` (normalized here).
        public static Quaternion AngleAxis(real degrees, Vector3 axis)
        {
            real m = axis.magnitude;
            if (m == 0) return identity;
            double half = degrees * Math.PI / 360.0;
            real s = (real)Math.Sin(half) / m;
            return new Quaternion(axis.x * s, axis.y * s, axis.z * s, (real)Math.Cos(half));
        }
        public Quaternion normalized
        {
            get
            {
                real n = (real)Math.Sqrt(x * x + y * y + z * z + w * w);
                return new Quaternion(x / n, y / n, z / n, w / n);
            }
        }
        public static Quaternion operator *(Quaternion a, Quaternion b) => new Quaternion(
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
        public static Vector3 operator *(Quaternion q, Vector3 v)
        {
            Quaternion r = q * new Quaternion(v.x, v.y, v.z, 0) * Inverse(q);
            return new Vector3(r.x, r.y, r.z);
        }
        // As Unity (and the core's published::to_angle_axis): the angle 2 acos(w) in
        // degrees, in [0, 360), so past 180 it names the long way round.
        public void ToAngleAxis(out real angle, out Vector3 axis)
        {
            Quaternion q = normalized;
            angle = (real)(2.0 * Math.Acos(Math.Max(-1.0, Math.Min(1.0, q.w))) * 180.0 / Math.PI);
            real s = (real)Math.Sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
            axis = s > 1e-12 ? new Vector3(q.x / s, q.y / s, q.z / s) : new Vector3(1, 0, 0);
        }
    }

    public static class Mathf
    {
        public const real Deg2Rad = (real)(Math.PI / 180.0);
        public const real Rad2Deg = (real)(180.0 / Math.PI);
    }

    public static class Time
    {
        public static real fixedDeltaTime = (real)0.02;
    }

    public enum ForceMode { Force, Acceleration, Impulse, VelocityChange }
    public enum ForceMode2D { Force, Impulse }
    public enum RigidbodyInterpolation { None, Interpolate, Extrapolate }
    public enum RigidbodyInterpolation2D { None, Interpolate, Extrapolate }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute
    {
        public RequireComponent(Type type) { }
    }

    public class GameObject
    {
        readonly List<Component> components = new List<Component>();
        public Component AddComponent(Type type)
        {
            var c = (Component)Activator.CreateInstance(type);
            c.gameObject = this;
            components.Add(c);
            return c;
        }
        public T GetComponent<T>() where T : Component => (T)components.Find(c => c is T);
    }

    public class Component
    {
        public GameObject gameObject;
        public T GetComponent<T>() where T : Component => gameObject.GetComponent<T>();
    }

    public class MonoBehaviour : Component { }

    public class Transform : Component
    {
        public Vector3 position;
        public Quaternion rotation = Quaternion.identity;
        public Vector3 eulerAngles;
    }

    /// <summary>A body moving along x (the cube) or turning (the box).</summary>
    public class Rigidbody : Component
    {
        public real mass = 1, linearDamping, angularDamping = (real)0.05, maxAngularVelocity = 7;
        public bool useGravity = true;
        public RigidbodyInterpolation interpolation;
        public Vector3 position, linearVelocity, angularVelocity, inertiaTensor;
        public Quaternion rotation = Quaternion.identity, inertiaTensorRotation = Quaternion.identity;
        Vector3 force, torque;
        public void AddForce(Vector3 f, ForceMode mode) => force = force + f;
        public void AddTorque(Vector3 t, ForceMode mode)
        {
            if (mode != ForceMode.Force) throw new InvalidOperationException("the stand-in takes torques in ForceMode.Force only");
            torque = torque + t;
        }
        public void Simulate(real dt)
        {
            if (linearDamping != 0) throw new InvalidOperationException("the template left linear drag on");
            if (useGravity) throw new InvalidOperationException("the template left gravity on");
            var v = linearVelocity;
            linearVelocity = new Vector3(v.x + force.x / mass * dt, v.y + force.y / mass * dt, v.z + force.z / mass * dt);
            position = position + linearVelocity * dt;
            force = Vector3.zero;
            if (Vector3.Dot(inertiaTensor, inertiaTensor) == 0) return; // the cube: it does not turn
            if (angularDamping != 0) throw new InvalidOperationException("the template left angular drag on");
            if (maxAngularVelocity < 100) throw new InvalidOperationException("the template left Unity's cap on the angular velocity");
            angularVelocity = Turned(angularVelocity, torque, dt);
            Vector3 w = angularVelocity;
            Quaternion spin = new Quaternion(w.x, w.y, w.z, 0) * rotation;
            real h = dt / 2;
            rotation = new Quaternion(rotation.x + h * spin.x, rotation.y + h * spin.y, rotation.z + h * spin.z, rotation.w + h * spin.w).normalized;
            torque = Vector3.zero;
        }

        // The new world angular velocity: one Newton step on I (w' - w) + dt w' x (I w') = dt tau
        // in the principal frame, from w' = w with Jacobian J = I + dt (skew(w) I - skew(I w)).
        Vector3 Turned(Vector3 world, Vector3 t, real dt)
        {
            Quaternion r = rotation * inertiaTensorRotation;
            Quaternion rt = Quaternion.Inverse(r);
            Vector3 w = rt * world, tp = rt * t, i = inertiaTensor;
            Vector3 f = dt * (Vector3.Cross(w, Vector3.Scale(i, w)) - tp);
            Vector3 iw = Vector3.Scale(i, w);
            Vector3 c0 = Column(new Vector3(1, 0, 0), i.x, w, iw, dt), c1 = Column(new Vector3(0, 1, 0), i.y, w, iw, dt), c2 = Column(new Vector3(0, 0, 1), i.z, w, iw, dt);
            // J^-1 f by Cramer's rule.
            real det = Vector3.Dot(c0, Vector3.Cross(c1, c2));
            Vector3 step = new Vector3(
                Vector3.Dot(f, Vector3.Cross(c1, c2)) / det,
                Vector3.Dot(c0, Vector3.Cross(f, c2)) / det,
                Vector3.Dot(c0, Vector3.Cross(c1, f)) / det);
            return r * (w - step);
        }

        // The Jacobian's column k: J e_k = i_k e_k + dt (w x (i_k e_k) - (I w) x e_k).
        static Vector3 Column(Vector3 e, real ik, Vector3 w, Vector3 iw, real dt) =>
            ik * e + dt * (Vector3.Cross(w, ik * e) - Vector3.Cross(iw, e));
    }

    /// <summary>A body moving and turning in the plane (the plate); angles in degrees as in Unity.</summary>
    public class Rigidbody2D : Component
    {
        public real mass = 1, inertia = 1, gravityScale = 1, linearDamping, angularDamping = (real)0.05;
        public RigidbodyInterpolation2D interpolation;
        public Vector2 position, linearVelocity;
        real angle, spin; // rad, rad/s
        public real rotation => angle * Mathf.Rad2Deg;
        public real angularVelocity => spin * Mathf.Rad2Deg;
        public real Angle => angle;
        real fx, fy, torque;
        public void AddForce(Vector2 f, ForceMode2D mode) { fx += f.x; fy += f.y; }
        public void AddTorque(real t, ForceMode2D mode) => torque += t;
        public void Simulate(real dt)
        {
            if (linearDamping != 0 || angularDamping != 0) throw new InvalidOperationException("the template left drag on");
            linearVelocity = new Vector2(linearVelocity.x + fx / mass * dt, linearVelocity.y + fy / mass * dt);
            spin = spin + torque / inertia * dt;
            position = new Vector2(position.x + linearVelocity.x * dt, position.y + linearVelocity.y * dt);
            angle = angle + spin * dt;
            fx = fy = torque = 0;
        }
    }

    /// <summary>A joint's values in reduced coordinates: one per degree of freedom (one here: revolute joints).</summary>
    public struct ArticulationReducedSpace
    {
        real a;
        public int dofCount;
        public ArticulationReducedSpace(real a) { this.a = a; dofCount = 1; }
        public real this[int i]
        {
            get { if (i != 0) throw new IndexOutOfRangeException("a revolute joint has one degree of freedom"); return a; }
            set { if (i != 0) throw new IndexOutOfRangeException("a revolute joint has one degree of freedom"); a = value; }
        }
    }

    /// <summary>A joint drive's settings, as Unity's (target in degrees on a revolute joint).</summary>
    public struct ArticulationDrive
    {
        public real lowerLimit, upperLimit, stiffness, damping, forceLimit, target, targetVelocity;
    }

    /// <summary>The dense Jacobian, as Unity's: rows x columns, read [row, column].</summary>
    public struct ArticulationJacobian
    {
        public int rows, columns;
        public List<real> elements;
        public ArticulationJacobian(int rows, int cols)
        {
            this.rows = rows;
            columns = cols;
            elements = new List<real>(new real[rows * cols]);
        }
        public real this[int row, int col]
        {
            get { return elements[row * columns + col]; }
            set { elements[row * columns + col] = value; }
        }
    }

    /// <summary>
    /// A link of an arm whose motion the test replays from the core's run (`ChainReplay`):
    /// it holds the joint angle and rate the replay sets, hands the law PhysX's generalized
    /// gravity and Coriolis forces from the core's trace and the arm's dense Jacobian at
    /// this pose, and keeps the jointForce the law writes. Only what the chain templates use.
    /// </summary>
    public class ArticulationBody : Component
    {
        public real mass = 1, linearDamping = (real)0.05, angularDamping = (real)0.05, jointFriction = (real)0.05;
        public Vector3 inertiaTensor = Vector3.one;
        public Quaternion inertiaTensorRotation = Quaternion.identity;
        public ArticulationReducedSpace jointPosition, jointVelocity, jointForce;
        public ArticulationDrive xDrive;
        public Transform transform = new Transform();
        public int index;
        internal ArmReplay arm;
        // The root (body 0) has no degree of freedom; link k (body k + 1) has degree k.
        public void GetDofStartIndices(List<int> starts)
        {
            starts.Clear();
            starts.Add(0);
            for (int k = 0; k < arm.q.Length; k++) starts.Add(k);
        }
        public int GetJointGravityForces(List<real> forces) => arm.Fill(forces, arm.gravity);
        public int GetJointCoriolisCentrifugalForces(List<real> forces) => arm.Fill(forces, arm.coriolis);
        public int GetDenseJacobian(ref ArticulationJacobian jacobian)
        {
            jacobian = arm.Jacobian();
            return jacobian.rows * jacobian.columns;
        }
    }

    /// <summary>
    /// The arm the links share: a planar chain of revolute joints about +z under an
    /// immovable root (body index 0; link k is body k + 1, its degree of freedom k), at the
    /// state the replay set, with the core's gravity and Coriolis torques for it.
    /// </summary>
    public class ArmReplay
    {
        public double[] length, com, q;
        public double[] gravity, coriolis;
        // One value per degree of freedom, as Unity lists the articulation's forces.
        public int Fill(List<real> list, double[] values)
        {
            list.Clear();
            foreach (double v in values) list.Add((real)v);
            return values.Length;
        }

        // Rows 6k .. 6k + 5 for body k: its center of mass's velocity, then its angular
        // velocity, per unit rate of each joint j <= its own: z x (c_k - p_j) and z.
        public ArticulationJacobian Jacobian()
        {
            int n = q.Length;
            var j = new ArticulationJacobian(6 * (n + 1), n);
            double angle = 0, px = 0, py = 0;
            var pivots = new double[n, 2];
            for (int k = 0; k < n; k++)
            {
                angle += q[k];
                pivots[k, 0] = px;
                pivots[k, 1] = py;
                double cx = px + com[k] * Math.Cos(angle), cy = py + com[k] * Math.Sin(angle);
                for (int d = 0; d <= k; d++)
                {
                    j[6 * (k + 1), d] = (real)(-(cy - pivots[d, 1]));
                    j[6 * (k + 1) + 1, d] = (real)(cx - pivots[d, 0]);
                    j[6 * (k + 1) + 5, d] = 1;
                }
                px += length[k] * Math.Cos(angle);
                py += length[k] * Math.Sin(angle);
            }
            return j;
        }
    }
}

/// <summary>
/// Runs each template named on the command line (`Class plant target steps ...`) for
/// `steps` fixed steps toward `target` and prints, per template, one line: its class and
/// the body's pose after each step (cube: x; plate: x, y, angle in rad; box: its rotation
/// x, y, z, w), round-trip text. The box's target is the Lab's: turned by `target` rad
/// about the axis (1, 2, 3) / |(1, 2, 3)|.
/// </summary>
public static class ForcelabDriver
{
    static void Call(object o, string name) =>
        o.GetType().GetMethod(name, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)?.Invoke(o, null);

    public static void Main(string[] args)
    {
        if (args.Length > 0 && (args[0] == "--chain" || args[0] == "--chain-drive"))
        {
            ChainReplay.Run(args, args[0] == "--chain-drive");
            return;
        }
        for (int a = 0; a + 3 < args.Length; a += 4)
        {
            Type type = Type.GetType(args[a]) ?? throw new ArgumentException("no template class " + args[a]);
            string plant = args[a + 1];
            double target = double.Parse(args[a + 2], CultureInfo.InvariantCulture);
            int steps = int.Parse(args[a + 3], CultureInfo.InvariantCulture);
            var go = new UnityEngine.GameObject();
            var goal = new UnityEngine.Transform { position = new UnityEngine.Vector3((real)target, 0, 0) };
            UnityEngine.Rigidbody cube = null;
            UnityEngine.Rigidbody2D plate = null;
            if (plant == "plate")
            {
                plate = (UnityEngine.Rigidbody2D)go.AddComponent(typeof(UnityEngine.Rigidbody2D));
                goal.eulerAngles = new UnityEngine.Vector3(0, 0, (real)(target * 180.0 / Math.PI));
            }
            else cube = (UnityEngine.Rigidbody)go.AddComponent(typeof(UnityEngine.Rigidbody));
            if (plant == "box")
            {
                double half = 0.5 * target, s = Math.Sin(half) / Math.Sqrt(14.0);
                goal.position = UnityEngine.Vector3.zero;
                goal.rotation = new UnityEngine.Quaternion((real)s, (real)(2 * s), (real)(3 * s), (real)Math.Cos(half));
            }
            var component = go.AddComponent(type);
            type.GetField("target").SetValue(component, goal);
            Call(component, "Awake");
            Call(component, "OnEnable");
            var pose = new List<string>();
            for (int n = 0; n < steps; n++)
            {
                Call(component, "FixedUpdate");
                real dt = UnityEngine.Time.fixedDeltaTime;
                if (plate != null)
                {
                    plate.Simulate(dt);
                    pose.Add(R(plate.position.x));
                    pose.Add(R(plate.position.y));
                    pose.Add(R(plate.Angle));
                }
                else if (plant == "box")
                {
                    cube.Simulate(dt);
                    var q = cube.rotation;
                    pose.Add(R(q.x));
                    pose.Add(R(q.y));
                    pose.Add(R(q.z));
                    pose.Add(R(q.w));
                }
                else
                {
                    cube.Simulate(dt);
                    pose.Add(R(cube.position.x));
                }
            }
            Console.WriteLine(args[a] + " " + string.Join(" ", pose));
        }
    }

    static string R(real v) => ((double)v).ToString("R", CultureInfo.InvariantCulture);
}

/// <summary>
/// Replays the core's arm through chain templates: `--chain Class trace ...`, each trace a
/// file of numbers: `n steps`, then `length com mass inertia` per link, then per step the
/// state it starts from and PhysX's terms there, `q[n] qd[n] gravity[n] coriolis[n]`.
/// Before each FixedUpdate every link is put where the core's arm was; the line printed
/// per template is its class and each step's jointForce per joint (round-trip text).
/// With `--chain-drive` the component's `physxDrive` is switched on before it is enabled,
/// as a reader ticks it in the Inspector, and the line is instead each link's xDrive as
/// the component left it, `stiffness damping forceLimit target targetVelocity` per joint,
/// then `untouched` if no FixedUpdate wrote a jointForce (PhysX's drive moves the arm).
/// </summary>
public static class ChainReplay
{
    static void Call(object o, string name) =>
        o.GetType().GetMethod(name, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)?.Invoke(o, null);

    public static void Run(string[] args, bool physxDrive)
    {
        for (int a = 1; a + 1 < args.Length; a += 2)
        {
            Type type = Type.GetType(args[a]) ?? throw new ArgumentException("no template class " + args[a]);
            string[] words = System.IO.File.ReadAllText(args[a + 1]).Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
            int at = 0;
            Func<double> next = () => double.Parse(words[at++], CultureInfo.InvariantCulture);
            int n = (int)next(), steps = (int)next();
            var arm = new UnityEngine.ArmReplay { length = new double[n], com = new double[n], q = new double[n], gravity = new double[n], coriolis = new double[n] };
            var links = new UnityEngine.ArticulationBody[n];
            for (int k = 0; k < n; k++)
            {
                arm.length[k] = next();
                arm.com[k] = next();
                real inertia;
                links[k] = new UnityEngine.ArticulationBody { index = k + 1, arm = arm, mass = (real)next() };
                inertia = (real)next();
                // A rod along its x axis: the inertia about z (and y) is the link's; about x, a tenth of it.
                links[k].inertiaTensor = new UnityEngine.Vector3(inertia / 10, inertia, inertia);
            }
            var go = new UnityEngine.GameObject();
            var component = go.AddComponent(type);
            type.GetField("links").SetValue(component, links);
            Call(component, "Awake");
            foreach (var link in links)
                if (link.linearDamping != 0 || link.angularDamping != 0 || link.jointFriction != 0)
                    throw new InvalidOperationException("the template left a link's damping or friction on");
            if (physxDrive) type.GetField("physxDrive").SetValue(component, true);
            Call(component, "OnEnable");
            var torques = new List<string>();
            bool written = false;
            for (int s = 0; s < steps; s++)
            {
                double angle = 0;
                for (int k = 0; k < n; k++) arm.q[k] = next();
                for (int k = 0; k < n; k++)
                {
                    angle += arm.q[k];
                    links[k].jointPosition = new UnityEngine.ArticulationReducedSpace((real)arm.q[k]);
                    links[k].jointVelocity = new UnityEngine.ArticulationReducedSpace((real)next());
                    links[k].transform.rotation = new UnityEngine.Quaternion(0, 0, (real)Math.Sin(angle / 2), (real)Math.Cos(angle / 2));
                    links[k].jointForce = new UnityEngine.ArticulationReducedSpace(real.NaN);
                }
                for (int k = 0; k < n; k++) arm.gravity[k] = next();
                for (int k = 0; k < n; k++) arm.coriolis[k] = next();
                Call(component, "FixedUpdate");
                foreach (var link in links)
                {
                    written |= !real.IsNaN(link.jointForce[0]);
                    torques.Add(((double)link.jointForce[0]).ToString("R", CultureInfo.InvariantCulture));
                }
            }
            if (physxDrive)
            {
                var drives = new List<string>();
                foreach (var link in links)
                {
                    var d = link.xDrive;
                    foreach (real v in new[] { d.stiffness, d.damping, d.forceLimit, d.target, d.targetVelocity })
                        drives.Add(((double)v).ToString("R", CultureInfo.InvariantCulture));
                }
                Console.WriteLine(args[a] + " " + string.Join(" ", drives) + (written ? " written" : " untouched"));
            }
            else Console.WriteLine(args[a] + " " + string.Join(" ", torques));
        }
    }
}
