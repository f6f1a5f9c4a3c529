# forcelab: second-order dynamics moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
# The law on each coordinate: crates/forcelab/src/controllers/second_order.rs (the
# frequency and damping ratio that give kp and kd; k2 raised to stay stable at this
# step)
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
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
	along_x = Law.new(kp, kd)
	along_y = Law.new(kp, kd)
	# The turn: gains and efforts scaled by I/m (same frequency and damping).
	var s := inertia / mass
	turn = Law.new(kp * s, kd * s)

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
	var kp: float
	var kd: float


	func _init(p_kp: float, p_kd: float) -> void:
		kp = p_kp
		kd = p_kd

	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		var frequency: float = sqrt(kp / m) / (2.0 * PI)
		var zeta: float = kd / (2.0 * sqrt(kp * m))
		var w: float = 2.0 * PI * frequency
		var k1: float = zeta / (PI * frequency)
		var k2: float = maxf(maxf(1.0 / (w * w), dt * dt / 2.0 + dt * k1 / 2.0), dt * k1)
		var force: float = m * (xt - x) / k2 + m * (-k1 * v) / k2
		return force
