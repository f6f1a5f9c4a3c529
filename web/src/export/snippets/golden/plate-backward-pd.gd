# forcelab: Wu's backward PD moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
# The law on each coordinate: crates/forcelab/src/controllers/backward_pd.rs (Wu: gains scaled by g)
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
@export var stiffness := 400.0 # kp, N/m
@export var damping := 40.0 # kd, N s/m
@export var step := 0.016666666666666666 # dt, s

func _ready() -> void:
	mass = 2.5
	# A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
	inertia = mass * 1.25 / 12.0
	gravity_scale = 0.0
	Engine.physics_ticks_per_second = int(round(1.0 / step))

# The law on one coordinate: position x and velocity v toward xt, vt, for mass m.
static func law(x: float, v: float, xt: float, vt: float, m: float, kp: float, kd: float, dt: float) -> float:
	var g := 1.0 / (1.0 + (kd * dt + kp * dt * dt) / m)
	var force := kp * g * (xt - x) + (kd + kp * dt) * g * (vt - v)
	return force

func _physics_process(_delta: float) -> void:
	var fx := law(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, stiffness, damping, step)
	var fy := law(global_position.y, linear_velocity.y, target.global_position.y, 0.0, mass, stiffness, damping, step)
	# The turn: gains scaled by I/m (same frequency and damping), the heading error the short way round.
	var s := inertia / mass
	var heading := rotation + wrapf(target.global_rotation - rotation, -PI, PI)
	var torque := law(rotation, angular_velocity, heading, 0.0, inertia, stiffness * s, damping * s, step)
	apply_central_force(Vector2(fx, fy))
	apply_torque(torque)
