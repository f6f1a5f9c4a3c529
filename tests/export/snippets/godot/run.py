"""Runs forcelab's Godot 4 templates without Godot, for the tests (godot.test.ts).

Godot cannot run here, so each template is parsed by gdtoolkit (the Godot 4 GDScript
grammar, pinned in tests/engines/requirements.txt) and its parse tree is evaluated
against a stand-in of the Godot types it uses: Vector2, Vector3, Quaternion and Basis
with Godot 4's own formulas (Quaternion.get_axis's near-identity shortcut included),
RigidBody2D and RigidBody3D stepped as forcelab's Lab steps its bodies (semi-implicit
Euler; a turning body as the core's Body3: one Newton step of the implicit gyroscopic
equation in the principal frame, then q' = normalize(q + dt/2 (w, 0) q)). Numbers are
doubles throughout, as in a double-precision Godot build: the check is that the printed
formulas are the page's, as the Unity check in doubles is.

Input (stdin, JSON): [{ "name", "source", "plant", "target", "steps" }]. Output (stdout,
JSON): { name: [pose after each step...] } with the cube's x; the plate's x, y, angle;
the box's quaternion x, y, z, w (the Lab's poses). A chain script ("plant": "arm", with
"arm": its links and gravity, and "q", "qd": the core's run) is replayed instead: its
links are put where the core's arm was before each step (`replay_arm`), and its output
is each step's joint torques, flat.
"""

import json
import math
import sys

from gdtoolkit.parser import parser
from lark import Token, Tree

CMP_EPSILON = 0.00001


class Vector2:
    def __init__(self, x=0.0, y=0.0):
        self.x, self.y = float(x), float(y)

    def __add__(self, o):
        return Vector2(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vector2(self.x - o.x, self.y - o.y)

    def __mul__(self, s):
        return Vector2(self.x * s, self.y * s)

    __rmul__ = __mul__

    def __truediv__(self, s):
        return Vector2(self.x / s, self.y / s)


class Vector3:
    def __init__(self, x=0.0, y=0.0, z=0.0):
        self.x, self.y, self.z = float(x), float(y), float(z)

    def __add__(self, o):
        return Vector3(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return Vector3(self.x - o.x, self.y - o.y, self.z - o.z)

    def __neg__(self):
        return Vector3(-self.x, -self.y, -self.z)

    def __mul__(self, o):
        # Vector3 * Vector3 multiplies per component in Godot.
        if isinstance(o, Vector3):
            return Vector3(self.x * o.x, self.y * o.y, self.z * o.z)
        return Vector3(self.x * o, self.y * o, self.z * o)

    def __rmul__(self, s):
        return Vector3(s * self.x, s * self.y, s * self.z)

    def __truediv__(self, o):
        if isinstance(o, Vector3):
            return Vector3(self.x / o.x, self.y / o.y, self.z / o.z)
        return Vector3(self.x / o, self.y / o, self.z / o)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def cross(self, o):
        return Vector3(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z, self.x * o.y - self.y * o.x)

    def length(self):
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)

    def normalized(self):
        lsq = self.x * self.x + self.y * self.y + self.z * self.z
        if lsq == 0:
            return Vector3()
        n = math.sqrt(lsq)
        return Vector3(self.x / n, self.y / n, self.z / n)

    def limit_length(self, limit):
        n = self.length()
        v = Vector3(self.x, self.y, self.z)
        if n > 0 and limit < n:
            v = v / n
            v = v * limit
        return v


Vector3.ZERO = Vector3()
Vector3.ONE = Vector3(1, 1, 1)


class Quaternion:
    def __init__(self, *a):
        if len(a) == 2:  # Quaternion(axis, angle), as Godot builds it
            axis, angle = a
            d = axis.length()
            if d == 0:
                self.x = self.y = self.z = self.w = 0.0
            else:
                s = math.sin(angle * 0.5) / d
                self.x, self.y, self.z, self.w = axis.x * s, axis.y * s, axis.z * s, math.cos(angle * 0.5)
        else:
            self.x, self.y, self.z, self.w = (float(v) for v in (a or (0, 0, 0, 1)))

    def __mul__(self, o):
        if isinstance(o, Vector3):  # Quaternion::xform
            u = Vector3(self.x, self.y, self.z)
            uv = u.cross(o)
            return o + ((uv * self.w) + u.cross(uv)) * 2.0
        a, b = self, o
        return Quaternion(
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z,
            a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x,
            a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
        )

    def __neg__(self):
        return Quaternion(-self.x, -self.y, -self.z, -self.w)

    def inverse(self):
        return Quaternion(-self.x, -self.y, -self.z, self.w)

    def length(self):
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z + self.w * self.w)

    def normalized(self):
        n = self.length()
        return Quaternion(self.x / n, self.y / n, self.z / n, self.w / n)

    def get_axis(self):
        # Godot's shortcut: near the identity the axis is (x, y, z), not normalized.
        if abs(self.w) > 1 - CMP_EPSILON:
            return Vector3(self.x, self.y, self.z)
        r = 1.0 / math.sqrt(1 - self.w * self.w)
        return Vector3(self.x * r, self.y * r, self.z * r)

    def get_angle(self):
        # Godot's Math::acos clamps its argument to [-1, 1].
        return 2 * math.acos(max(-1.0, min(1.0, self.w)))


Quaternion.IDENTITY = Quaternion()


class Basis:
    """A rotation matrix, rows[i][j], built from a quaternion as Godot's Basis(Quaternion) does."""

    def __init__(self, rows):
        self.rows = rows

    @staticmethod
    def of(q):
        d = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w
        s = 2.0 / d
        xs, ys, zs = q.x * s, q.y * s, q.z * s
        wx, wy, wz = q.w * xs, q.w * ys, q.w * zs
        xx, xy, xz = q.x * xs, q.x * ys, q.x * zs
        yy, yz, zz = q.y * ys, q.y * zs, q.z * zs
        return Basis([[1.0 - (yy + zz), xy - wz, xz + wy], [xy + wz, 1.0 - (xx + zz), yz - wx], [xz - wy, yz + wx, 1.0 - (xx + yy)]])

    def column(self, j):
        return Vector3(self.rows[0][j], self.rows[1][j], self.rows[2][j])

    def __mul__(self, v):
        r = self.rows
        return Vector3(
            r[0][0] * v.x + r[0][1] * v.y + r[0][2] * v.z,
            r[1][0] * v.x + r[1][1] * v.y + r[1][2] * v.z,
            r[2][0] * v.x + r[2][1] * v.y + r[2][2] * v.z,
        )

    @property
    def z(self):
        return self.column(2)

    def inverse(self):
        r = self.rows
        co = [[r[(i + 1) % 3][(j + 1) % 3] * r[(i + 2) % 3][(j + 2) % 3] - r[(i + 1) % 3][(j + 2) % 3] * r[(i + 2) % 3][(j + 1) % 3] for i in range(3)] for j in range(3)]
        det = sum(r[0][j] * co[j][0] for j in range(3))
        return Basis([[co[i][j] / det for j in range(3)] for i in range(3)])

    def transposed(self):
        r = self.rows
        return Basis([[r[j][i] for j in range(3)] for i in range(3)])

    def orthonormalized(self):
        x, y, z = self.column(0), self.column(1), self.column(2)
        x = x.normalized()
        y = (y - x * x.dot(y)).normalized()
        z = (z - x * x.dot(z) - y * y.dot(z)).normalized()
        return Basis([[x.x, y.x, z.x], [x.y, y.y, z.y], [x.z, y.z, z.z]])

    def get_rotation_quaternion(self):
        r = self.orthonormalized().rows
        trace = r[0][0] + r[1][1] + r[2][2]
        t = [0.0] * 4
        if trace > 0.0:
            s = math.sqrt(trace + 1.0)
            t[3] = s * 0.5
            s = 0.5 / s
            t[0] = (r[2][1] - r[1][2]) * s
            t[1] = (r[0][2] - r[2][0]) * s
            t[2] = (r[1][0] - r[0][1]) * s
        else:
            i = (2 if r[1][1] < r[2][2] else 1) if r[0][0] < r[1][1] else (2 if r[0][0] < r[2][2] else 0)
            j, k = (i + 1) % 3, (i + 2) % 3
            s = math.sqrt(r[i][i] - r[j][j] - r[k][k] + 1.0)
            t[i] = s * 0.5
            s = 0.5 / s
            t[3] = (r[k][j] - r[j][k]) * s
            t[j] = (r[j][i] + r[i][j]) * s
            t[k] = (r[k][i] + r[i][k]) * s
        return Quaternion(*t)


class Target:
    """The node a template turns or moves to: its position, rotation and basis."""

    def __init__(self, plant, target):
        self.global_position = Vector2(target, 0) if plant == "plate" else Vector3(target, 0, 0)
        self.global_rotation = target
        half = 0.5 * target if plant == "box" else 0.0
        s = math.sin(half) / math.sqrt(14.0)
        self.global_basis = Basis.of(Quaternion(s, 2 * s, 3 * s, math.cos(half)))


class Body:
    """The RigidBody2D or RigidBody3D the script extends, stepped as the Lab steps its bodies."""

    def __init__(self, plant):
        self.plant = plant
        self.mass = 1.0
        self.gravity_scale = 1.0
        # Godot's defaults, which a template must set out of the way.
        self.linear_damp_mode = self.angular_damp_mode = "combine"
        self.can_sleep = True
        self.linear_damp = self.angular_damp = 0.0
        if plant == "plate":
            self.inertia = 0.0
            self.global_position, self.linear_velocity = Vector2(), Vector2()
            self.rotation = self.angular_velocity = 0.0
            self.force, self.torque = Vector2(), 0.0
        else:
            self.inertia = Vector3()
            self.global_position, self.linear_velocity, self.angular_velocity = Vector3(), Vector3(), Vector3()
            self.q = Quaternion()
            self.force, self.torque = Vector3(), Vector3()

    @property
    def global_basis(self):
        return Basis.of(self.q)

    def apply_central_force(self, f):
        self.force = self.force + f

    def apply_torque(self, t):
        self.torque = self.torque + t

    def check(self):
        if self.linear_damp_mode != "replace" or self.angular_damp_mode != "replace" or self.linear_damp or self.angular_damp:
            raise ValueError("the template left Godot's damping on")
        if self.can_sleep or self.gravity_scale != 0:
            raise ValueError("the template left sleeping or gravity on")

    def step(self, dt):
        self.linear_velocity = self.linear_velocity + self.force / self.mass * dt
        self.global_position = self.global_position + self.linear_velocity * dt
        if self.plant == "plate":
            self.angular_velocity += self.torque / self.inertia * dt
            self.rotation += self.angular_velocity * dt
            self.force, self.torque = Vector2(), 0.0
            return
        if self.plant == "box":
            self.angular_velocity = self.turned(self.angular_velocity, self.torque, dt)
            w = self.angular_velocity
            spin = Quaternion(w.x, w.y, w.z, 0) * self.q
            h = dt / 2
            q = self.q
            self.q = Quaternion(q.x + h * spin.x, q.y + h * spin.y, q.z + h * spin.z, q.w + h * spin.w).normalized()
        self.force, self.torque = Vector3(), Vector3()

    def turned(self, world, t, dt):
        """One Newton step of I (w' - w) + dt w' x (I w') = dt tau in the principal frame."""
        r, i = self.q, self.inertia
        rt = r.inverse()
        w, tp = rt * world, rt * t
        iw = i * w
        f = dt * (w.cross(iw) - tp)
        cols = [Vector3(*e) * ik + dt * (w.cross(Vector3(*e) * ik) - iw.cross(Vector3(*e))) for e, ik in (((1, 0, 0), i.x), ((0, 1, 0), i.y), ((0, 0, 1), i.z))]
        c0, c1, c2 = cols
        det = c0.dot(c1.cross(c2))
        step = Vector3(f.dot(c1.cross(c2)) / det, c0.dot(f.cross(c2)) / det, c0.dot(c1.cross(f)) / det)
        return r * (w - step)

    def pose(self):
        if self.plant == "plate":
            return [self.global_position.x, self.global_position.y, self.rotation]
        if self.plant == "box":
            return [self.q.x, self.q.y, self.q.z, self.q.w]
        return [self.global_position.x]


class Transform3D:
    def __init__(self, basis, origin):
        self.basis, self.origin = basis, origin

    def __mul__(self, v):
        return self.basis * v + self.origin


def about_z(angle):
    c, s = math.cos(angle), math.sin(angle)
    return Basis([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


class Link:
    """A RigidBody3D link of a replayed arm: where the core's arm had it at this step (its
    origin at its joint, its center of mass along its x axis), and the torques applied to it."""

    def __init__(self, mass, inertia, gravity):
        self.mass, self.gravity = mass, gravity
        # A rod along its x axis: the inertia about z (and y) is the link's; about x, a tenth of it.
        self.principal = (inertia / 10, inertia, inertia)
        self.linear_damp_mode = self.angular_damp_mode = "combine"
        self.linear_damp = self.angular_damp = 0.0
        self.can_sleep = True
        self.torque = Vector3()

    def place(self, angle, origin, com, velocity, spin):
        self.global_basis = about_z(angle)
        self.global_position = origin
        self.com = com - origin
        self.linear_velocity = velocity
        self.angular_velocity = Vector3(0, 0, spin)

    @property
    def global_transform(self):
        return Transform3D(self.global_basis, self.global_position)

    def get_rid(self):
        return self

    def to_local(self, p):
        return self.global_basis.transposed() * (p - self.global_position)

    def get_gravity(self):
        return Vector3(0, -self.gravity, 0)

    def apply_torque(self, t):
        self.torque = self.torque + t


class DirectState:
    """What PhysicsServer3D.body_get_direct_state gives of a link: its center of mass
    (relative to its origin, world) and its inverse inertia tensor (world)."""

    def __init__(self, link):
        r = link.global_basis
        inverse = Basis([[1 / link.principal[i] if i == j else 0.0 for j in range(3)] for i in range(3)])
        self.center_of_mass = link.com
        self.inverse_inertia_tensor = Basis([[sum(r.rows[i][a] * inverse.rows[a][a] * r.rows[j][a] for a in range(3)) for j in range(3)] for i in range(3)])


class PhysicsServer3D:
    @staticmethod
    def body_get_direct_state(rid):
        return DirectState(rid)


class Hinge:
    """A HingeJoint3D where the arm was built: at its joint, turning about world z."""

    def __init__(self, position):
        self.global_position = position
        self.global_basis = Basis([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])


class ArmHost:
    """The Node3D a chain script extends: nothing of its own that a script reads."""

    def check(self):
        pass


def place_arm(links, lengths, coms, q, qd):
    """Puts each link where the planar arm at q, qd has it (joints about +z)."""
    angle = 0.0
    pivots, centers = [], []
    p = Vector3()
    for k in range(len(links)):
        angle += q[k]
        d = Vector3(math.cos(angle), math.sin(angle), 0)
        pivots.append(p)
        centers.append(p + d * coms[k])
        p = p + d * lengths[k]
    z = Vector3(0, 0, 1)
    for k, link in enumerate(links):
        velocity = Vector3()
        for j in range(k + 1):
            velocity = velocity + z.cross(centers[k] - pivots[j]) * qd[j]
        link.place(sum(q[: k + 1]), pivots[k], centers[k], velocity, sum(qd[: k + 1]))
    return pivots


def replay_arm(r):
    """Runs a chain script over the core's arm: before each _physics_process every link is
    put where the core had it; each step's joint torques are read back from the torques
    the script applied (joint j's: the sum over links j.. of theirs, about z)."""
    arm = r["arm"]
    lengths = [l["length"] for l in arm["links"]]
    coms = [l / 2 for l in lengths]
    links = [Link(l["mass"], l["mass"] * l["length"] ** 2 / 12, arm["gravity"]) for l in arm["links"]]
    interp = Interpreter(r["source"], "arm", 0.0)
    pivots = place_arm(links, lengths, coms, r["q"][0], r["qd"][0])
    interp.me.fields["links"] = links
    interp.me.fields["joints"] = [Hinge(p) for p in pivots]
    interp.call(interp.me, "_ready", [])
    for link in links:
        if link.linear_damp_mode != "replace" or link.angular_damp_mode != "replace" or link.linear_damp or link.angular_damp or link.can_sleep:
            raise ValueError("the script left a link's damping or sleeping on")
    dt = interp.me.fields["dt"]
    torques = []
    for k in range(len(r["q"]) - 1):
        place_arm(links, lengths, coms, r["q"][k], r["qd"][k])
        for link in links:
            link.torque = Vector3()
        interp.call(interp.me, "_physics_process", [dt])
        total = Vector3()
        joint = []
        for link in reversed(links):
            total = total + link.torque
            joint.append(total.z)
        torques.extend(reversed(joint))
    return torques


class Return(Exception):
    def __init__(self, value):
        self.value = value


class Instance:
    """An object of a script class: its fields, its class's functions, and (the script
    itself) the body it extends."""

    def __init__(self, cls, body=None):
        self.cls, self.body, self.fields = cls, body, {}


class GDClass:
    def __init__(self, name, tree):
        self.name, self.vars, self.funcs, self.classes = name, [], {}, {}
        for node in tree.children:
            if not isinstance(node, Tree):
                continue
            if node.data == "class_var_stmt":
                self.vars.append(node.children[0])
            elif node.data == "func_def":
                header = node.children[0]
                params = [a.children[0].value for a in header.children[1].children]
                self.funcs[header.children[0].value] = (params, node.children[1:])
            elif node.data == "class_def":
                self.classes[node.children[0].value] = GDClass(node.children[0].value, node)


DEFAULTS = {"float": 0.0, "int": 0, "bool": False}


def typed_default(type_name):
    if type_name == "Vector3":
        return Vector3()
    if type_name == "Quaternion":
        return Quaternion()
    return DEFAULTS.get(type_name)


def gd_div(a, b):
    if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool):
        return int(a / b)  # GDScript's integer division truncates
    return a / b


BINARY = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": gd_div,
    "%": lambda a, b: math.fmod(a, b) if isinstance(a, float) or isinstance(b, float) else int(math.fmod(a, b)),
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def wrapf(value, lo, hi):
    rng = hi - lo
    return lo if abs(rng) < CMP_EPSILON else value - (rng * math.floor((value - lo) / rng))


# Properties every Node2D and Node3D has, beside those the body stand-in models.
NODE_PROPERTIES = {
    "name", "owner", "position", "rotation", "rotation_degrees", "scale", "skew", "transform",
    "basis", "quaternion", "visible", "global_position", "global_rotation", "global_basis",
    "global_transform", "global_scale", "top_level", "process_mode",
}


class Engine:
    physics_ticks_per_second = 60


class Interpreter:
    def __init__(self, source, plant, target):
        self.script = GDClass("script", parser.parse(source))
        self.body = ArmHost() if plant == "arm" else Body(plant)
        self.target = Target(plant, target)
        self.engine = Engine()
        self.globals = {
            "Vector2": Vector2,
            "Vector3": Vector3,
            "Quaternion": Quaternion,
            "RigidBody2D": type("RigidBody2D", (), {"DAMP_MODE_REPLACE": "replace"}),
            "RigidBody3D": type("RigidBody3D", (), {"DAMP_MODE_REPLACE": "replace"}),
            "Engine": self.engine,
            "PhysicsServer3D": PhysicsServer3D,
            "PI": math.pi,
            "int": lambda v: int(v),
            "round": lambda v: float(math.floor(v + 0.5)),
            # Godot's sqrt is C's: NaN below zero, not an error.
            "sqrt": lambda v: math.sqrt(v) if v >= 0 else float("nan"),
            "tan": math.tan,
            "atan": math.atan,
            "atan2": math.atan2,
            "abs": abs,
            "maxf": lambda a, b: float(max(a, b)),
            "minf": lambda a, b: float(min(a, b)),
            "wrapf": wrapf,
            "range": lambda *a: range(*(int(v) for v in a)),
        }
        self.me = Instance(self.script, self.body)
        # Godot refuses a script member that redefines a property its node inherits.
        for var in self.script.vars:
            name = var.children[0].value
            if name in NODE_PROPERTIES or hasattr(self.body, name):
                raise ValueError(f"the script redefines the inherited property {name}")
        self.init_fields(self.me)
        if plant != "arm":
            self.me.fields["target"] = self.target

    # Objects and names -------------------------------------------------------------

    def init_fields(self, inst):
        for var in inst.cls.vars:
            name = var.children[0].value
            if var.data == "class_var_typed":  # declared, not assigned: the type's default
                inst.fields[name] = typed_default(str(var.children[1]))
            else:
                inst.fields[name] = self.eval(var.children[-1], {}, inst)

    def lookup(self, name, scope, inst):
        if name in scope:
            return scope[name]
        if name in inst.fields:
            return inst.fields[name]
        if inst.body is not None and hasattr(inst.body, name):
            return getattr(inst.body, name)
        if name in inst.cls.funcs:
            return lambda *a: self.call(inst, name, list(a))
        if name in self.script.funcs:
            return lambda *a: self.call(self.me, name, list(a))
        if name in self.script.classes:
            return self.script.classes[name]
        if name in self.globals:
            return self.globals[name]
        raise NameError(f"unknown name {name}")

    def assign(self, target, value, scope, inst):
        if isinstance(target, Token):
            name = target.value
            if name in scope:
                scope[name] = value
            elif name in inst.fields:
                inst.fields[name] = value
            elif inst.body is not None and hasattr(inst.body, name):
                setattr(inst.body, name, value)
            else:
                raise NameError(f"assignment to unknown name {name}")
        elif target.data == "getattr":
            c = target.children
            setattr(self.chain(c[:-2], scope, inst), c[-1].value, value)
        elif target.data == "subscr_expr":
            c = target.children
            self.eval(c[0], scope, inst)[int(self.eval(c[1], scope, inst))] = value
        else:
            raise NotImplementedError(f"assignment to {target.data}")

    def call(self, inst, name, args):
        params, body = inst.cls.funcs[name]
        scope = dict(zip(params, args))
        try:
            self.run(body, scope, inst)
        except Return as r:
            return r.value
        return None

    def method(self, obj, name, args):
        if isinstance(obj, GDClass) and name == "new":
            inst = Instance(obj)
            self.init_fields(inst)
            if "_init" in obj.funcs:
                self.call(inst, "_init", args)
            return inst
        if isinstance(obj, Instance):
            return self.call(obj, name, args)
        if isinstance(obj, list):
            if name == "append":
                obj.append(args[0])
                return None
            if name == "remove_at":
                del obj[int(args[0])]
                return None
            if name == "size":
                return len(obj)
            if name == "resize":
                del obj[int(args[0]):]
                obj.extend([None] * (int(args[0]) - len(obj)))
                return None
            if name == "fill":
                obj[:] = [args[0]] * len(obj)
                return None
            if name == "duplicate":
                return json.loads(json.dumps(obj)) if args and args[0] else list(obj)
        return getattr(obj, name)(*args)

    # Statements -------------------------------------------------------------------

    def run(self, statements, scope, inst):
        for st in statements:
            if not isinstance(st, Tree):
                continue
            kind = st.data
            if kind == "expr_stmt":
                self.eval(st.children[0], scope, inst)
            elif kind == "func_var_stmt":
                var = st.children[0]
                name = var.children[0].value
                value = self.eval(var.children[-1], scope, inst)
                if var.data == "func_var_typed_assgnd":
                    hint = str(var.children[1])
                    value = float(value) if hint == "float" else int(value) if hint == "int" else value
                scope[name] = value
            elif kind == "if_stmt":
                for branch in st.children:
                    if branch.data == "else_branch":
                        self.run(branch.children, scope, inst)
                        break
                    if self.eval(branch.children[0], scope, inst):
                        self.run(branch.children[1:], scope, inst)
                        break
            elif kind == "while_stmt":
                while self.eval(st.children[0], scope, inst):
                    self.run(st.children[1:], scope, inst)
            elif kind == "for_stmt":
                name = st.children[0].value
                for v in self.eval(st.children[1], scope, inst):
                    scope[name] = v
                    self.run(st.children[2:], scope, inst)
            elif kind == "return_stmt":
                raise Return(self.eval(st.children[0], scope, inst) if st.children else None)
            elif kind == "pass_stmt":
                pass
            else:
                raise NotImplementedError(f"statement {kind}")

    # Expressions ------------------------------------------------------------------

    def eval(self, node, scope, inst):
        if isinstance(node, Token):
            if node.type == "NUMBER":
                text = node.value
                return float(text) if any(c in text for c in ".eE") else int(text)
            if node.value in ("true", "false"):
                return node.value == "true"
            return self.lookup(node.value, scope, inst)
        kind = node.data.removeprefix("asless_")
        c = node.children
        if kind in ("expr", "par_expr"):
            return self.eval(c[0], scope, inst)
        if kind == "assnmnt_expr":
            value = self.eval(c[2], scope, inst)
            op = c[1].value
            if op != "=":
                value = BINARY[op[0]](self.eval(c[0], scope, inst), value)
            self.assign(c[0], value, scope, inst)
            return None
        if kind in ("arith_expr", "mdr_expr", "comparison"):
            value = self.eval(c[0], scope, inst)
            for k in range(1, len(c), 2):
                value = BINARY[c[k].value](value, self.eval(c[k + 1], scope, inst))
            return value
        if kind in ("actual_neg_expr", "neg_expr"):
            value = self.eval(c[1], scope, inst)
            return -value if c[0].value == "-" else value
        if kind in ("actual_not_test", "not_test"):
            return not self.eval(c[1], scope, inst)
        if kind == "and_test":
            return all(self.eval(x, scope, inst) for x in c[::2])
        if kind in ("or_test", "actual_or_test"):
            return any(self.eval(x, scope, inst) for x in c[::2])
        if kind == "test_expr":  # a if cond else b
            return self.eval(c[0], scope, inst) if self.eval(c[2], scope, inst) else self.eval(c[4], scope, inst)
        if kind == "standalone_call":
            f = self.lookup(c[0].value, scope, inst)
            return f(*[self.eval(a, scope, inst) for a in c[1:]])
        if kind == "getattr":  # a chain: obj . name . name ...
            return self.chain(c, scope, inst)
        if kind == "getattr_call":  # obj . name ... . method(args)
            get = c[0].children
            obj = self.chain(get[:-2], scope, inst)
            return self.method(obj, get[-1].value, [self.eval(a, scope, inst) for a in c[1:]])
        if kind == "subscr_expr":
            return self.eval(c[0], scope, inst)[int(self.eval(c[1], scope, inst))]
        if kind == "array":
            return [self.eval(x, scope, inst) for x in c]
        raise NotImplementedError(f"expression {kind}")

    def chain(self, c, scope, inst):
        """`a . b . c`: the object, then each attribute of it in turn."""
        obj = self.eval(c[0], scope, inst)
        for name in c[2::2]:
            obj = obj.fields[name.value] if isinstance(obj, Instance) else getattr(obj, name.value)
        return obj

    # The run -------------------------------------------------------------------------

    def simulate(self, steps):
        self.call(self.me, "_ready", [])
        self.body.check()
        dt = 1.0 / self.engine.physics_ticks_per_second
        # The template sets the tick rate from its own dt; the Lab steps by that dt exactly.
        dt = self.me.fields.get("dt", dt)
        poses = []
        for _ in range(steps):
            self.call(self.me, "_physics_process", [dt])
            self.body.step(dt)
            poses.extend(self.body.pose())
        return poses


def main():
    runs = json.load(sys.stdin)
    out = {}
    for r in runs:
        try:
            if r["plant"] == "arm":
                # JSON has no NaN: a torque that is not a number is written as null.
                out[r["name"]] = [t if t == t else None for t in replay_arm(r)]
                continue
            out[r["name"]] = Interpreter(r["source"], r["plant"], r["target"]).simulate(r["steps"])
        except Exception as e:
            first = next((line for line in r["source"].splitlines() if "forcelab:" in line), r["name"])
            raise SystemExit(f"{r['name']} ({first}): {type(e).__name__}: {e}") from e
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
