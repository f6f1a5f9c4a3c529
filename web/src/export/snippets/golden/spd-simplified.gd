# forcelab: simplified SPD pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The law: crates/forcelab/src/controllers/spd_simplified.rs (gains per kg, the next step's position)
extends RigidBody3D

@export var target: Node3D
@export var kp := 400.0
@export var kd := 40.0
@export var dt := 0.016666666666666666

func _ready() -> void:
	mass = 2.5
	Engine.physics_ticks_per_second = int(round(1.0 / dt))

func _physics_process(_delta: float) -> void:
	var m := mass
	var x := global_position.x
	var v := linear_velocity.x
	var xt := target.global_position.x
	var vt := 0.0
	var kpm := kp / m
	var kdm := kd / m
	var force := m * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v))
	apply_central_force(Vector3(force, 0.0, 0.0))
