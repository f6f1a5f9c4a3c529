# forcelab: one-step (deadbeat) moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. The law has no gains: the state and the step set the force.
# The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
# The law on each coordinate: crates/forcelab/src/controllers/one_step.rs (the force
# that lands on the target's next position in one semi-implicit Euler step)
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
@export var dt := 0.016666666666666666

var along_x: Law
var along_y: Law
var turn: Law

func _ready() -> void:
	mass = 2.5
	# A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
	inertia = mass * 1.25 / 12.0
	gravity_scale = 0.0
	# For the motion forcelab computes: no damping (Godot adds the project's by default)
	# and no sleeping. Godot steps semi-implicit Euler, as the Lab's default.
	linear_damp_mode = RigidBody2D.DAMP_MODE_REPLACE
	linear_damp = 0.0
	angular_damp_mode = RigidBody2D.DAMP_MODE_REPLACE
	angular_damp = 0.0
	can_sleep = false
	Engine.physics_ticks_per_second = int(round(1.0 / dt))
	along_x = Law.new()
	along_y = Law.new()
	# The turn: gains and efforts scaled by I/m (same frequency and damping).
	var s := inertia / mass
	turn = Law.new()

func _physics_process(_delta: float) -> void:
	var fx := along_x.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
	var fy := along_y.step(global_position.y, linear_velocity.y, target.global_position.y, 0.0, mass, dt)
	# The heading error the short way round.
	var heading := rotation + wrapf(target.global_rotation - rotation, -PI, PI)
	var torque := turn.step(rotation, angular_velocity, heading, 0.0, inertia, dt)
	apply_central_force(Vector2(fx, fy))
	apply_torque(torque)

# The law, with its memory (fields start at zero): one per driven coordinate.
class Law:



	func _init() -> void:


	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		var force: float = m * ((((xt + vt * dt) - x) / dt - v) / dt)
		return force
