# forcelab: joint-spd holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at a pose
# under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
# Units: SI (rad, kg, s, N m). Signs: angles, rates and torques counter-clockwise about
# each hinge's axis (HingeJoint3D's z); the error is target - angle. Gains per joint: kp
# N m/rad, kd N m s/rad, ki N m/(rad s).
# The law: crates/forcelab/src/controllers/chain/joint_spd.rs (the articles' SPD on each
# joint, with the inertia M_ii the chain has about it).
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
@export var built_at: Array[float] = [-1.5707963267948966, 0.0]
@export var target: Array[float] = [0.5235987755982988, 1.0471975511965976]
@export var kp: Array[float] = [50.0, 50.0] # stiffness per joint, N m/rad
@export var kd: Array[float] = [5.0, 5.0] # damping per joint, N m s/rad
@export var dt := 0.016666666666666666

# Each hinge's axis and point in its link's frame, and each link's rotation relative to
# the one before as built.
var axes: Array[Vector3] = []
var pivots: Array[Vector3] = []
var rest: Array[Quaternion] = []
# Each joint's angle at the last step, rad: a rotation tells an angle only to a whole turn,
# so each step's reading is taken nearest the last (the turn the joint has made counted).
var angles: Array[float] = []


func _ready() -> void:
	Engine.physics_ticks_per_second = int(round(1.0 / dt))
	for i in range(links.size()):
		var link := links[i]
		# For the motion forcelab computes: no damping (Godot adds the project's by default)
		# and no sleeping; Godot steps semi-implicit Euler.
		link.linear_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
		link.linear_damp = 0.0
		link.angular_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
		link.angular_damp = 0.0
		link.can_sleep = false
		# A HingeJoint3D turns about its own z axis.
		axes.append(link.global_basis.inverse() * joints[i].global_basis.z)
		pivots.append(link.to_local(joints[i].global_position))
		rest.append(parent_rotation(i).inverse() * link.global_basis.get_rotation_quaternion())
		angles.append(built_at[i])


# The rotation of the body before joint i (the base: none).
func parent_rotation(i: int) -> Quaternion:
	return Quaternion.IDENTITY if i == 0 else links[i - 1].global_basis.get_rotation_quaternion()

# Joint i's angle, rad: built_at[i] plus the turn about the hinge since the arm was built,
# taken within half a turn of its angle at the last step.
func joint_angle(i: int) -> float:
	var parent := parent_rotation(i)
	var turn := parent.inverse() * links[i].global_basis.get_rotation_quaternion() * rest[i].inverse()
	var axis := (parent.inverse() * (links[i].global_basis * axes[i])).normalized()
	var read := built_at[i] + 2.0 * atan2(Vector3(turn.x, turn.y, turn.z).dot(axis), turn.w)
	angles[i] += wrapf(read - angles[i], -PI, PI)
	return angles[i]

# Joint i's rate, rad/s: its link's angular velocity relative to the one before, about the hinge.
func joint_rate(i: int) -> float:
	var parent_w := Vector3.ZERO if i == 0 else links[i - 1].angular_velocity
	return (links[i].angular_velocity - parent_w).dot((links[i].global_basis * axes[i]).normalized())

func _physics_process(_delta: float) -> void:
	var n := links.size()
	var q: Array[float] = []
	var qd: Array[float] = []
	var tau: Array[float] = []
	for i in range(n):
		q.append(joint_angle(i))
		qd.append(joint_rate(i))
		tau.append(0.0)
	var qt := target
	var M := mass_matrix()
	for i in range(0, n):
		# The error a step ahead, and the joint's own acceleration as in 1-D.
		var e: float = q[i] + qd[i] * dt - qt[i]
		var qdd: float = (-kp[i] * e - kd[i] * qd[i]) / (M[i][i] + kd[i] * dt)
		tau[i] = -kp[i] * e - kd[i] * (qd[i] + qdd * dt)
	for i in range(n):
		var axis := (links[i].global_basis * axes[i]).normalized()
		links[i].apply_torque(tau[i] * axis)
		if i > 0:
			links[i - 1].apply_torque(-tau[i] * axis)

# The state of link k's body as the physics server holds it (center of mass, inertia).
func body_state(k: int) -> PhysicsDirectBodyState3D:
	return PhysicsServer3D.body_get_direct_state(links[k].get_rid())

# Joint i's axis (world), turning with its link.
func joint_axis(i: int) -> Vector3:
	return (links[i].global_basis * axes[i]).normalized()

# Joint i's point (world), on its link.
func joint_point(i: int) -> Vector3:
	return links[i].global_transform * pivots[i]

# Link k's center of mass (world).
func center(k: int) -> Vector3:
	return links[k].global_position + body_state(k).center_of_mass

# Link k's world inertia tensor about its center of mass, kg m^2.
func inertia(k: int) -> Basis:
	return body_state(k).inverse_inertia_tensor.inverse()

# M: the arm's mass matrix, kg m^2, from each link's Jacobian (joint j <= k moves link
# k's center at z_j x (c_k - p_j) and turns it at z_j per unit rate):
# M = sum over the links of m Jv^T Jv + Jw^T I Jw.
func mass_matrix() -> Array:
	var n := links.size()
	var m: Array = []
	for i in range(n):
		m.append(zeros(n))
	for k in range(n):
		var c := center(k)
		var body_inertia := inertia(k)
		for i in range(k + 1):
			var zi := joint_axis(i)
			var vi := zi.cross(c - joint_point(i))
			for j in range(k + 1):
				var zj := joint_axis(j)
				var vj := zj.cross(c - joint_point(j))
				m[i][j] += links[k].mass * vi.dot(vj) + zi.dot(body_inertia * zj)
	return m

# zeros(n): a list of n zeros.
func zeros(n: int) -> Array[float]:
	var list: Array[float] = []
	list.resize(n)
	list.fill(0.0)
	return list
