/**
 * The Godot 4 snippets: a rigid-body script that applies the law's force or torque in
 * _physics_process, with the reader's gains, mass and step (GDScript floats are
 * doubles, so the numbers are the page's exactly). The cube is a RigidBody3D pushed
 * along +x, the plate a RigidBody2D moved and turned by one law per coordinate, the box
 * a RigidBody3D turned by a world torque.
 */
import { ENGINE_LAWS, ENGINE_TORQUE_LAWS, notWrittenOut, type EngineLaw } from './engine-laws';
import { header, literal, wrap, type SnippetInput } from './input';

const statements = (law: EngineLaw) => law.lines.map(([name, e]) => `\tvar ${name} := ${e}`).join('\n');

export function gdscriptSnippet(s: SnippetInput): string {
  const law = (s.plant === 'box' ? ENGINE_TORQUE_LAWS : ENGINE_LAWS)[s.kind];
  if (!law) {
    const { why, written } = notWrittenOut(s.plant, s.kind, s.name);
    return `${header(s, '#')}
${wrap(`${why}.`, '#')}
# For it, use the Rust or JavaScript snippet (the forcelab library); this Godot
# template writes out ${written}.
`;
  }
  switch (s.plant) {
    case 'plate':
      return plate(s, law);
    case 'box':
      return box(s, law);
    default:
      return cube(s, law);
  }
}

function cube(s: SnippetInput, law: EngineLaw): string {
  return `${header(s, '#')}
# The law: ${law.source}
extends RigidBody3D

@export var target: Node3D
@export var kp := ${literal(s.kp)}
@export var kd := ${literal(s.kd)}
@export var dt := ${literal(s.dt)}

func _ready() -> void:
	mass = ${literal(s.mass)}
	Engine.physics_ticks_per_second = int(round(1.0 / dt))

func _physics_process(_delta: float) -> void:
	var m := mass
	var x := global_position.x
	var v := linear_velocity.x
	var xt := target.global_position.x
	var vt := 0.0
${statements(law)}
	apply_central_force(Vector3(force, 0.0, 0.0))
`;
}

function plate(s: SnippetInput, law: EngineLaw): string {
  // The law's statements use kp, kd and dt; in a function of their own they would shadow
  // the exported settings, so those are named for what they hold.
  return `${header(s, '#')}
# The law on each coordinate: ${law.source}
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
@export var stiffness := ${literal(s.kp)} # kp, N/m
@export var damping := ${literal(s.kd)} # kd, N s/m
@export var step := ${literal(s.dt)} # dt, s

func _ready() -> void:
	mass = ${literal(s.mass)}
	# A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
	inertia = mass * 1.25 / 12.0
	gravity_scale = 0.0
	Engine.physics_ticks_per_second = int(round(1.0 / step))

# The law on one coordinate: position x and velocity v toward xt, vt, for mass m.
static func law(x: float, v: float, xt: float, vt: float, m: float, kp: float, kd: float, dt: float) -> float:
${statements(law)}
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
`;
}

function box(s: SnippetInput, law: EngineLaw): string {
  return `${header(s, '#')}
# The law: ${law.source}
extends RigidBody3D

@export var target: Node3D # the orientation to turn to
@export var kp := ${literal(s.kp)}
@export var kd := ${literal(s.kd)}
@export var dt := ${literal(s.dt)}

func _ready() -> void:
	mass = ${literal(s.mass)}
	# A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
	inertia = Vector3(mass * (0.25 + 0.0625) / 12.0, mass * (1.0 + 0.0625) / 12.0, mass * (1.0 + 0.25) / 12.0)
	gravity_scale = 0.0
	Engine.physics_ticks_per_second = int(round(1.0 / dt))

# I_w v: the world inertia times a world vector.
func inertia_times(v: Vector3) -> Vector3:
	var r := global_basis.orthonormalized()
	return r * (inertia * (r.transposed() * v))

func _physics_process(_delta: float) -> void:
	# The gains per unit inertia: kp I/m about any axis, divided by I.
	var kpu := kp / mass
	var kdu := kd / mass
${statements(law)}
	# theta: the shortest rotation (rad, world) from the body to the target.
	var error := target.global_basis.get_rotation_quaternion() * global_basis.get_rotation_quaternion().inverse()
	if error.w < 0.0:
		error = -error
	var theta := Vector3.ZERO if error.is_equal_approx(Quaternion.IDENTITY) else error.get_axis() * error.get_angle()
	var alpha := stiffness * theta + damping * (Vector3.ZERO - angular_velocity)
	apply_torque(inertia_times(alpha))
`;
}
