# forcelab: Wu's backward PD turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
# Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
# the error is the rotation from the body to the target. Gains as in the forcelab Lab:
# kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
# about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
# The law: crates/forcelab/src/controllers/backward_pd_torque.rs (Wu: gains scaled by
# g).
extends RigidBody3D

@export var target: Node3D # the orientation to turn to
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
@export var dt := 0.016666666666666666

func _ready() -> void:
	mass = 2.5
	# A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
	inertia = Vector3(mass * (0.25 + 0.0625) / 12.0, mass * (1.0 + 0.0625) / 12.0, mass * (1.0 + 0.25) / 12.0)
	gravity_scale = 0.0
	# For the motion forcelab computes: no damping (Godot adds the project's by default)
	# and no sleeping. Godot steps semi-implicit Euler, as the Lab's default.
	linear_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
	linear_damp = 0.0
	angular_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
	angular_damp = 0.0
	can_sleep = false
	Engine.physics_ticks_per_second = int(round(1.0 / dt))
	# forcelab's box steps the gyroscopic term implicitly and the orientation by
	# q + dt/2 (w, 0) q; where Godot's physics steps these differently, the laws that
	# predict the step (the SPDs, one-step) land close to, not exactly on, their aim.

# I_w v: the world inertia times a world vector.
func inertia_times(v: Vector3) -> Vector3:
	var r := global_basis.orthonormalized()
	return r * (inertia * (r.transposed() * v))

# The shortest rotation (rad, world) that turns `from` into `to`. Read with atan2, not
# get_angle's acos, which cannot see an angle below about 3e-8 rad.
func rotation_vector(from: Quaternion, to: Quaternion) -> Vector3:
	var q := to * from.inverse()
	if q.w < 0.0:
		q = -q
	var v := Vector3(q.x, q.y, q.z)
	var s := v.length()
	return 2.0 * v if s < 1e-12 else (2.0 * atan2(s, q.w) / s) * v

func _physics_process(_delta: float) -> void:
	# The gains per unit inertia: kp I/m about any axis, divided by I.
	var kpu: float = kp / mass
	var kdu: float = kd / mass
	var g: float = 1.0 / (1.0 + kdu * dt + kpu * dt * dt)
	var stiffness: float = g * kpu
	var damping: float = g * (kdu + kpu * dt)
	# theta: the shortest rotation (rad, world) from the body to the target.
	var theta := rotation_vector(global_basis.get_rotation_quaternion(), target.global_basis.get_rotation_quaternion())
	var alpha := stiffness * theta + damping * (Vector3.ZERO - angular_velocity)
	apply_torque(inertia_times(alpha))
