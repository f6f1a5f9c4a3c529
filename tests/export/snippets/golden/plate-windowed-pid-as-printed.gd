# forcelab: windowed PID, as printed moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
# The law on each coordinate: crates/forcelab/src/controllers/windowed_pid_as_printed.rs
# (article 001 as printed: the Simpson sum divided by 3 dt)
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
@export var ki := 0.0 # integral gain, N/(m s)
@export var window := 7 # errors kept (at least 3)
@export var plant_gain := 1.0 # the gain that scales every term
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
	along_x = Law.new(kp, kd, ki, window, plant_gain)
	along_y = Law.new(kp, kd, ki, window, plant_gain)
	# The turn: gains and efforts scaled by I/m (same frequency and damping).
	var s := inertia / mass
	turn = Law.new(kp * s, kd * s, ki * s, window, plant_gain)

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
	var ki: float
	var window: int
	var plant_gain: float
	var errors: Array[float] = [] # the last `window` errors, m, oldest first

	func _init(p_kp: float, p_kd: float, p_ki: float, p_window: int, p_plant_gain: float) -> void:
		kp = p_kp
		kd = p_kd
		ki = p_ki
		window = p_window
		plant_gain = p_plant_gain

	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		errors.append(xt - x)
		while errors.size() > window:
			errors.remove_at(0)
		var n: int = errors.size()
		var force: float = 0.0
		if n >= 3:
			var sum: float = 0.0
			for j in range(1, n - 1):
				if j % 2 == 1:
					sum = sum + 4.0 * errors[j]
			for j in range(2, n - 1):
				if j % 2 == 0:
					sum = sum + 2.0 * errors[j]
			sum = sum + errors[0]
			sum = sum + errors[n - 1]
			var integral: float = sum / (3.0 * dt)
			force = plant_gain * kp * errors[n - 1] + plant_gain * ki * integral + plant_gain * kd * (errors[n - 1] - errors[n - 2]) / dt
		return force
