# forcelab: PID turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
# Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
# the error is the rotation from the body to the target. Gains as in the forcelab Lab:
# kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
# about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
# The law: crates/forcelab/src/controllers/pid_torque.rs, a PID on the rotation vector
# to the target (derivative on the error; anti-windup: back-calculation); the limits
# bound the torque's length.
extends RigidBody3D

@export var target: Node3D # the orientation to turn to
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
@export var ki := 50.0 # integral gain, N/(m s)
@export var integral_limit := 2.0 # the integral term's limit, N m
@export var output_limit := 3.0 # the actuator's limit, N m
@export var derivative_filter := 0.02 # time constant of the low-pass on the derivative, s
@export var kt := 8.0 # back-calculation tracking gain, 1/s
@export var dt := 0.016666666666666666

# The law's memory, empty when the script starts.
var integral := Vector3.ZERO # the integral term, N m
var previous_error := Vector3.ZERO # last step's error, rad
var filtered := Vector3.ZERO # the filtered derivative term, N m
var started := false # whether there was a last step

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

# The Lab's gains are the cube's per kg: on the box they are scaled by the inertia
# about the turning axis a = (1, 2, 3) / |(1, 2, 3)|, over the mass.
func gain_scale() -> float:
	return (inertia.x + 4.0 * inertia.y + 9.0 * inertia.z) / 14.0 / mass

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
	var error := rotation_vector(global_basis.get_rotation_quaternion(), target.global_basis.get_rotation_quaternion())
	var derivative := (kd * gain_scale() / dt) * (error - previous_error) if started else Vector3.ZERO
	filtered = filtered + (dt / (derivative_filter + dt)) * (derivative - filtered) if started else derivative
	derivative = filtered
	var p := (kp * gain_scale()) * error
	var candidate := (integral + (ki * gain_scale() * dt) * error).limit_length(integral_limit)
	var unsaturated := p + candidate + derivative
	var output := unsaturated.limit_length(output_limit)
	integral = (candidate + (kt * dt) * (output - unsaturated)).limit_length(integral_limit)
	previous_error = error
	started = true
	apply_torque((p + integral + derivative).limit_length(output_limit))
