# forcelab: one-step (deadbeat) pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. The law has no gains: the state and the step set the force.
# The law: crates/forcelab/src/controllers/one_step.rs (the force that lands on the
# target's next position in one semi-implicit Euler step)
extends RigidBody3D

@export var target: Node3D
@export var dt := 0.016666666666666666

var law: Law

func _ready() -> void:
	mass = 2.5
	# Only the law pushes: no gravity (it would pull the cube down, onto a floor's friction).
	gravity_scale = 0.0
	# For the motion forcelab computes: no damping (Godot adds the project's by default)
	# and no sleeping. Godot steps semi-implicit Euler, as the Lab's default.
	linear_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
	linear_damp = 0.0
	angular_damp_mode = RigidBody3D.DAMP_MODE_REPLACE
	angular_damp = 0.0
	can_sleep = false
	Engine.physics_ticks_per_second = int(round(1.0 / dt))
	law = Law.new()

func _physics_process(_delta: float) -> void:
	var force := law.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
	apply_central_force(Vector3(force, 0.0, 0.0))

# The law, with its memory (fields start at zero): one per driven coordinate.
class Law:



	func _init() -> void:


	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		var force: float = m * ((((xt + vt * dt) - x) / dt - v) / dt)
		return force
