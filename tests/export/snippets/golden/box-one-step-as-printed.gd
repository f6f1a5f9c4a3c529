# forcelab: one-step, as printed turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
# Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
# the error is the rotation from the body to the target. The law has no gains: the state and the step set the torque.
# The law: crates/forcelab/src/published.rs (one_step_torque_as_printed: article 002's
# listing as printed. It returns I dw, an impulse, where a torque I dw / dt is meant; it
# turns into the inertia frame and back the wrong way round; its angle-axis angle runs
# to 360 degrees, so past 180 it turns the long way).
extends RigidBody3D

@export var target: Node3D # the orientation to turn to
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

# The rotation (rad, world) from `from` to `to` as the listing reads it: get_angle runs
# to 2 pi, so past pi this turns the long way. The axis is normalized here: near the
# identity Godot's get_axis() returns (x, y, z) as is.
func printed_rotation(from: Quaternion, to: Quaternion) -> Vector3:
	var turn := to * from.inverse()
	return Vector3(turn.x, turn.y, turn.z).normalized() * turn.get_angle()

func _physics_process(_delta: float) -> void:
	var w := printed_rotation(global_basis.get_rotation_quaternion(), target.global_basis.get_rotation_quaternion()) / dt - angular_velocity
	var wl := global_basis.get_rotation_quaternion().inverse() * w
	# Where the engine keeps the inertia along the body's axes, frame is the identity
	# and the listing's wrong-way turn into the inertia frame does not show.
	var wll := (Quaternion.IDENTITY * wl) * inertia
	var tl := Quaternion.IDENTITY.inverse() * wll
	apply_torque(global_basis.get_rotation_quaternion() * tl)
