# forcelab: PID pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The law: crates/forcelab/src/controllers/pid.rs (derivative on the error; anti-windup:
# back-calculation)
extends RigidBody3D

@export var target: Node3D
@export var kp := 400.0 # stiffness, N/m
@export var kd := 40.0 # damping, N s/m
@export var ki := 50.0 # integral gain, N/(m s)
@export var integral_limit := 20.0 # the integral term's limit, N
@export var output_limit := 30.0 # the actuator's limit, N
@export var kt := 8.0 # back-calculation tracking gain, 1/s
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
	law = Law.new(kp, kd, ki, integral_limit, output_limit, kt)

func _physics_process(_delta: float) -> void:
	var force := law.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
	apply_central_force(Vector3(force, 0.0, 0.0))

# The law, with its memory (fields start at zero): one per driven coordinate.
class Law:
	var kp: float
	var kd: float
	var ki: float
	var integral_limit: float
	var output_limit: float
	var kt: float
	var integral := 0.0 # the integral term, N
	var previous_error := 0.0 # last step's error, m
	var started := false # whether there was a last step

	func _init(p_kp: float, p_kd: float, p_ki: float, p_integral_limit: float, p_output_limit: float, p_kt: float) -> void:
		kp = p_kp
		kd = p_kd
		ki = p_ki
		integral_limit = p_integral_limit
		output_limit = p_output_limit
		kt = p_kt

	# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
	func step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
		var error: float = xt - x
		var derivative: float = 0.0
		if started:
			derivative = kd * (error - previous_error) / dt
		var p: float = kp * error
		var candidate: float = minf(maxf(integral + ki * error * dt, -integral_limit), integral_limit)
		var unsaturated: float = p + candidate + derivative
		var output: float = minf(maxf(unsaturated, -output_limit), output_limit)
		integral = minf(maxf(candidate + kt * (output - unsaturated) * dt, -integral_limit), integral_limit)
		previous_error = error
		started = true
		var force: float = minf(maxf(p + integral + derivative, -output_limit), output_limit)
		return force
