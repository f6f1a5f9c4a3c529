# forcelab: PID pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The law: crates/forcelab/src/controllers/pid.rs (derivative on the measurement;
# anti-windup: none needed (no output clamp))
extends RigidBody3D

@export var target: Node3D
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
@export var ki := 0.0 # integral gain, N/(m s)
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
	law = Law.new(kp, kd, ki)

func _physics_process(_delta: float) -> void:
	var force := law.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
	apply_central_force(Vector3(force, 0.0, 0.0))

# The law, with its memory (fields start at zero): one per driven coordinate.
class Law:
	var kp: float
	var kd: float
	var ki: float
	var integral := 0.0 # the integral term, N
	var previous_measurement := 0.0 # last step's position, m
	var started := false # whether there was a last step

	func _init(p_kp: float, p_kd: float, p_ki: float) -> void:
		kp = p_kp
		kd = p_kd
		ki = p_ki

	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		var error: float = xt - x
		var derivative: float = 0.0
		if started:
			derivative = -kd * (x - previous_measurement) / dt
		var p: float = kp * error
		var candidate: float = integral + ki * error * dt
		integral = candidate
		previous_measurement = x
		started = true
		var force: float = p + integral + derivative
		return force
