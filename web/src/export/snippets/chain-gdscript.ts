/**
 * The Godot 4 snippet of a chain law: a script for an arm of RigidBody3D links joined by
 * HingeJoint3D, which applies each joint's torque to the two links it joins
 * (`apply_torque`) in _physics_process. Godot keeps its bodies in maximal coordinates
 * and has no call for an articulation's dynamics, so the script reads each joint's angle
 * from its two links' relative rotation about the hinge axis and its rate from their
 * angular velocities, and works out only what the law's step names of the rest from
 * the links' masses, inertias, poses and velocities: `M` (sum of m Jv^T Jv + Jw^T I Jw),
 * `G` (the weight through the same Jacobian), `C` (G plus the links' accelerations at
 * zero joint acceleration, Newton-Euler). The law's step is the core's (`chain-laws.ts`),
 * spelled by the GDScript dialect; the tests replay the core's arm through it
 * (`chain-godot.test.ts`).
 */
import { GDSCRIPT, render } from './engine-program';
import { chainHeader, chainProgram, numbers, vocabularyUsed, type ChainProgram, type ChainSnippetInput } from './chain-laws';
import { literal, wrap } from './input';

/** Reading the arm: each joint's axis and point in the world, each link's center of mass, velocity at a point, and inertia. */
const kinematics = `# The state of link k's body as the physics server holds it (center of mass, inertia).
func body_state(k: int) -> PhysicsDirectBodyState3D:
\treturn PhysicsServer3D.body_get_direct_state(links[k].get_rid())

# Joint i's axis (world), turning with its link.
func joint_axis(i: int) -> Vector3:
\treturn (links[i].global_basis * axes[i]).normalized()

# Joint i's point (world), on its link.
func joint_point(i: int) -> Vector3:
\treturn links[i].global_transform * pivots[i]

# Link k's center of mass (world).
func center(k: int) -> Vector3:
\treturn links[k].global_position + body_state(k).center_of_mass

# Link k's world inertia tensor about its center of mass, kg m^2.
func inertia(k: int) -> Basis:
\treturn body_state(k).inverse_inertia_tensor.inverse()`;

const massMatrix = `# M: the arm's mass matrix, kg m^2, from each link's Jacobian (joint j <= k moves link
# k's center at z_j x (c_k - p_j) and turns it at z_j per unit rate):
# M = sum over the links of m Jv^T Jv + Jw^T I Jw.
func mass_matrix() -> Array:
\tvar n := links.size()
\tvar m: Array = []
\tfor i in range(n):
\t\tm.append(zeros(n))
\tfor k in range(n):
\t\tvar c := center(k)
\t\tvar body_inertia := inertia(k)
\t\tfor i in range(k + 1):
\t\t\tvar zi := joint_axis(i)
\t\t\tvar vi := zi.cross(c - joint_point(i))
\t\t\tfor j in range(k + 1):
\t\t\t\tvar zj := joint_axis(j)
\t\t\t\tvar vj := zj.cross(c - joint_point(j))
\t\t\t\tm[i][j] += links[k].mass * vi.dot(vj) + zi.dot(body_inertia * zj)
\treturn m`;

const gravity = `# G: the torques that hold the arm's weight at its pose, N m per joint: minus each
# link's weight through its Jacobian.
func gravity_torques() -> Array[float]:
\tvar g := zeros(links.size())
\tfor k in range(links.size()):
\t\tvar weight := links[k].mass * links[k].get_gravity()
\t\tfor i in range(k + 1):
\t\t\tg[i] -= joint_axis(i).cross(center(k) - joint_point(i)).dot(weight)
\treturn g`;

const bias = `# The velocity (world) of the point p on link k.
func point_velocity(k: int, p: Vector3) -> Vector3:
\treturn links[k].linear_velocity + links[k].angular_velocity.cross(p - center(k))

# C: G plus the torques that cancel the Coriolis and centrifugal forces at the rates qd,
# N m per joint: each link's acceleration with no joint accelerating (the Jacobian's
# rate of change times qd) and its gyroscopic moment, through its Jacobian.
func bias_torques(qd: Array[float]) -> Array[float]:
\tvar c := gravity_torques()
\tfor k in range(links.size()):
\t\tvar ck := center(k)
\t\tvar vk := links[k].linear_velocity
\t\tvar wk := links[k].angular_velocity
\t\tvar body_inertia := inertia(k)
\t\tvar a := Vector3.ZERO
\t\tvar alpha := Vector3.ZERO
\t\tfor j in range(k + 1):
\t\t\tvar zj := joint_axis(j)
\t\t\tvar pj := joint_point(j)
\t\t\t# The axis turns with the link before the joint (the base does not move).
\t\t\tvar parent_w := Vector3.ZERO if j == 0 else links[j - 1].angular_velocity
\t\t\tvar parent_v := Vector3.ZERO if j == 0 else point_velocity(j - 1, pj)
\t\t\tvar turning := parent_w.cross(zj)
\t\t\ta += qd[j] * (turning.cross(ck - pj) + zj.cross(vk - parent_v))
\t\t\talpha += qd[j] * turning
\t\tvar moment := body_inertia * alpha + wk.cross(body_inertia * wk)
\t\tfor i in range(k + 1):
\t\t\tvar zi := joint_axis(i)
\t\t\tc[i] += links[k].mass * zi.cross(ck - joint_point(i)).dot(a) + zi.dot(moment)
\treturn c`;

/** The core's list operations, each a function. */
const HELPERS: [name: string, code: string][] = [
  ['Zeros', `# zeros(n): a list of n zeros.
func zeros(n: int) -> Array[float]:
\tvar list: Array[float] = []
\tlist.resize(n)
\tlist.fill(0.0)
\treturn list`],
  ['Copy', `# copy(a): a copy of the matrix a, to change without changing a.
func copy(a: Array) -> Array:
\treturn a.duplicate(true)`],
  ['Solve', `# solve(a, b): x with a x = b, a symmetric positive definite: a = L L^T (Cholesky),
# then L y = b and L^T x = y.
func solve(a: Array, b: Array[float]) -> Array[float]:
\tvar n := b.size()
\tvar l: Array = []
\tfor i in range(n):
\t\tl.append(zeros(n))
\t\tfor j in range(i + 1):
\t\t\tvar s: float = a[i][j]
\t\t\tfor k in range(j):
\t\t\t\ts -= l[i][k] * l[j][k]
\t\t\tl[i][j] = sqrt(s) if i == j else s / l[j][j]
\tvar y := zeros(n)
\tvar x := zeros(n)
\tfor i in range(n):
\t\tvar s: float = b[i]
\t\tfor k in range(i):
\t\t\ts -= l[i][k] * y[k]
\t\ty[i] = s / l[i][i]
\tfor i in range(n - 1, -1, -1):
\t\tvar s: float = y[i]
\t\tfor k in range(i + 1, n):
\t\t\ts -= l[k][i] * x[k]
\t\tx[i] = s / l[i][i]
\treturn x`],
];

/** The Godot script of the chain law of `s`, or a comment naming a law it does not write out. */
export function chainGdscriptSnippet(s: ChainSnippetInput): string {
  const p = chainProgram(s);
  if (!p) return `${chainHeader(s, '#', '')}\n# ${s.law} is not a chain law forcelab writes out.\n`;
  return chainScript(s, p);
}

/** The Godot script of `p` on the arm of `s` (the tests hand it programs with a term dropped). */
export function chainScript(s: ChainSnippetInput, p: ChainProgram): string {
  const uses = vocabularyUsed(p.step);
  const reads = (name: string) => uses.has(name);
  const needsKinematics = reads('M') || reads('G') || reads('C');
  const helpers = [
    ...(needsKinematics ? [kinematics] : []),
    ...(reads('M') ? [massMatrix] : []),
    ...(reads('G') || reads('C') ? [gravity] : []),
    ...(reads('C') ? [bias] : []),
    ...HELPERS.filter(([name]) => reads(name) || (name === 'Zeros' && needsKinematics) || (name === 'Zeros' && p.memory.length > 0)),
  ].map((h) => (typeof h === 'string' ? h : h[1]));
  const step = render(p.step, GDSCRIPT, '\t').map((line) => line.replace(/\b(Zeros|Copy|Solve)\(/g, (_, f: string) => `${f.toLowerCase()}(`));
  return `${chainHeader(s, '#', 'angles, rates and torques counter-clockwise about each hinge\'s axis (HingeJoint3D\'s z);')}
${wrap(`The law: ${p.source}.`, '#')}
# Godot 4: an arm of RigidBody3D links, each joined to the one before by a HingeJoint3D (the
# first to a fixed base). Godot keeps no joint angles: this script reads each from the two
# links' rotation about the hinge since the arm was built (at built_at), each rate from
# their angular velocities, and what the law needs of the arm's dynamics from the links
# (linear_velocity taken at the center of mass, as Godot's physics keeps it). Each joint's
# torque turns its link one way and the link before it the other.
extends Node3D

@export var links: Array[RigidBody3D] = [] # the arm's links, shoulder first
@export var joints: Array[HingeJoint3D] = [] # joints[i] holds links[i] to the one before (the first to the base)
# The joint angles the arm is built at, rad, and the pose to lift to and hold.
@export var built_at: Array[float] = ${numbers(s.start, '[', ']')}
@export var target: Array[float] = ${numbers(s.target, '[', ']')}
${p.gains.map((g) => `@export var ${g.name}: Array[float] = ${numbers(g.values, '[', ']')} # ${g.doc}`).join('\n')}
@export var dt := ${literal(s.dt)}

# Each hinge's axis and point in its link's frame, and each link's rotation relative to
# the one before as built.
var axes: Array[Vector3] = []
var pivots: Array[Vector3] = []
var rest: Array[Quaternion] = []
# Each joint's angle at the last step, rad: a rotation tells an angle only to a whole turn,
# so each step's reading is taken nearest the last (the turn the joint has made counted).
var angles: Array[float] = []
${p.memory.map((m) => `# The law's memory, empty when the script starts.\nvar ${m.name}: Array[float] = [] # ${m.doc}`).join('\n')}

func _ready() -> void:
\tEngine.physics_ticks_per_second = int(round(1.0 / dt))
\tfor i in range(links.size()):
\t\tvar link := links[i]
\t\t# For the motion forcelab computes: no damping (Godot adds the project's by default)
\t\t# and no sleeping; Godot steps semi-implicit Euler.
\t\tlink.linear_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
\t\tlink.linear_damp = 0.0
\t\tlink.angular_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
\t\tlink.angular_damp = 0.0
\t\tlink.can_sleep = false
\t\t# A HingeJoint3D turns about its own z axis.
\t\taxes.append(link.global_basis.inverse() * joints[i].global_basis.z)
\t\tpivots.append(link.to_local(joints[i].global_position))
\t\trest.append(parent_rotation(i).inverse() * link.global_basis.get_rotation_quaternion())
\t\tangles.append(built_at[i])
${p.memory.map((m) => `\t${m.name} = zeros(links.size())`).join('\n')}

# The rotation of the body before joint i (the base: none).
func parent_rotation(i: int) -> Quaternion:
\treturn Quaternion.IDENTITY if i == 0 else links[i - 1].global_basis.get_rotation_quaternion()

# Joint i's angle, rad: built_at[i] plus the turn about the hinge since the arm was built,
# taken within half a turn of its angle at the last step.
func joint_angle(i: int) -> float:
\tvar parent := parent_rotation(i)
\tvar turn := parent.inverse() * links[i].global_basis.get_rotation_quaternion() * rest[i].inverse()
\tvar axis := (parent.inverse() * (links[i].global_basis * axes[i])).normalized()
\tvar read := built_at[i] + 2.0 * atan2(Vector3(turn.x, turn.y, turn.z).dot(axis), turn.w)
\tangles[i] += wrapf(read - angles[i], -PI, PI)
\treturn angles[i]

# Joint i's rate, rad/s: its link's angular velocity relative to the one before, about the hinge.
func joint_rate(i: int) -> float:
\tvar parent_w := Vector3.ZERO if i == 0 else links[i - 1].angular_velocity
\treturn (links[i].angular_velocity - parent_w).dot((links[i].global_basis * axes[i]).normalized())

func _physics_process(_delta: float) -> void:
\tvar n := links.size()
\tvar q: Array[float] = []
\tvar qd: Array[float] = []
\tvar tau: Array[float] = []
\tfor i in range(n):
\t\tq.append(joint_angle(i))
\t\tqd.append(joint_rate(i))
\t\ttau.append(0.0)
${reads('qt') ? '\tvar qt := target\n' : ''}${reads('M') ? '\tvar M := mass_matrix()\n' : ''}${reads('G') ? '\tvar G := gravity_torques()\n' : ''}${reads('C') ? '\tvar C := bias_torques(qd)\n' : ''}${step.join('\n')}
\tfor i in range(n):
\t\tvar axis := (links[i].global_basis * axes[i]).normalized()
\t\tlinks[i].apply_torque(tau[i] * axis)
\t\tif i > 0:
\t\t\tlinks[i - 1].apply_torque(-tau[i] * axis)
${helpers.map((h) => `\n${h}\n`).join('')}`;
}
