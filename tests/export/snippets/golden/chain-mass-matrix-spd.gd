# forcelab: mass-matrix-spd holding an arm of 2 links (0.5 m, 3.0 kg; 0.4 m, 2.0 kg) at
# a pose under gravity (9.81 m/s^2), one fixed step of 0.016666666666666666 s.
# Units: SI (rad, kg, s, N m). Signs: angles, rates and torques counter-clockwise about
# each hinge's axis (HingeJoint3D's z); the error is target - angle. Gains per joint: kp
# N m/rad, kd N m s/rad, ki N m/(rad s).
# The law: crates/forcelab/src/controllers/chain/mass_matrix_spd.rs (Tan, Liu and Turk:
# (M + Kd dt) qdd = -Kp (q + qd dt - q*) - Kd qd - C).
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
	var C := bias_torques(qd)
	var spring: Array[float] = zeros(n)
	var rhs: Array[float] = zeros(n)
	var a: Array = copy(M)
	for i in range(0, n):
		spring[i] = -kp[i] * (q[i] + qd[i] * dt - qt[i])
		rhs[i] = spring[i] - kd[i] * qd[i] - C[i]
		a[i][i] = a[i][i] + kd[i] * dt
	# The acceleration this very torque causes, coupling and bias included.
	var qdd: Array[float] = solve(a, rhs)
	for i in range(0, n):
		tau[i] = spring[i] - kd[i] * (qd[i] + qdd[i] * dt)
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

# G: the torques that hold the arm's weight at its pose, N m per joint: minus each
# link's weight through its Jacobian.
func gravity_torques() -> Array[float]:
	var g := zeros(links.size())
	for k in range(links.size()):
		var weight := links[k].mass * links[k].get_gravity()
		for i in range(k + 1):
			g[i] -= joint_axis(i).cross(center(k) - joint_point(i)).dot(weight)
	return g

# The velocity (world) of the point p on link k.
func point_velocity(k: int, p: Vector3) -> Vector3:
	return links[k].linear_velocity + links[k].angular_velocity.cross(p - center(k))

# C: G plus the torques that cancel the Coriolis and centrifugal forces at the rates qd,
# N m per joint: each link's acceleration with no joint accelerating (the Jacobian's
# rate of change times qd) and its gyroscopic moment, through its Jacobian.
func bias_torques(qd: Array[float]) -> Array[float]:
	var c := gravity_torques()
	for k in range(links.size()):
		var ck := center(k)
		var vk := links[k].linear_velocity
		var wk := links[k].angular_velocity
		var body_inertia := inertia(k)
		var a := Vector3.ZERO
		var alpha := Vector3.ZERO
		for j in range(k + 1):
			var zj := joint_axis(j)
			var pj := joint_point(j)
			# The axis turns with the link before the joint (the base does not move).
			var parent_w := Vector3.ZERO if j == 0 else links[j - 1].angular_velocity
			var parent_v := Vector3.ZERO if j == 0 else point_velocity(j - 1, pj)
			var turning := parent_w.cross(zj)
			a += qd[j] * (turning.cross(ck - pj) + zj.cross(vk - parent_v))
			alpha += qd[j] * turning
		var moment := body_inertia * alpha + wk.cross(body_inertia * wk)
		for i in range(k + 1):
			var zi := joint_axis(i)
			c[i] += links[k].mass * zi.cross(ck - joint_point(i)).dot(a) + zi.dot(moment)
	return c

# zeros(n): a list of n zeros.
func zeros(n: int) -> Array[float]:
	var list: Array[float] = []
	list.resize(n)
	list.fill(0.0)
	return list

# copy(a): a copy of the matrix a, to change without changing a.
func copy(a: Array) -> Array:
	return a.duplicate(true)

# solve(a, b): x with a x = b, a symmetric positive definite: a = L L^T (Cholesky),
# then L y = b and L^T x = y.
func solve(a: Array, b: Array[float]) -> Array[float]:
	var n := b.size()
	var l: Array = []
	for i in range(n):
		l.append(zeros(n))
		for j in range(i + 1):
			var s: float = a[i][j]
			for k in range(j):
				s -= l[i][k] * l[j][k]
			l[i][j] = sqrt(s) if i == j else s / l[j][j]
	var y := zeros(n)
	var x := zeros(n)
	for i in range(n):
		var s: float = b[i]
		for k in range(i):
			s -= l[i][k] * y[k]
		y[i] = s / l[i][i]
	for i in range(n - 1, -1, -1):
		var s: float = y[i]
		for k in range(i + 1, n):
			s -= l[k][i] * x[k]
		x[i] = s / l[i][i]
	return x
