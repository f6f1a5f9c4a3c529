/**
 * The Godot 4 snippet: a RigidBody3D script that applies the law's force along +x in
 * _physics_process, with the reader's gains, mass and step (GDScript floats are
 * doubles, so the numbers are the page's exactly).
 */
import { ENGINE_LAWS } from './engine-laws';
import { header, literal, type SnippetInput } from './input';

export function gdscriptSnippet(s: SnippetInput): string {
  const law = ENGINE_LAWS[s.kind];
  if (!law) {
    return `${header(s, '#')}
# ${s.name} keeps memory or solver state that a few lines of GDScript would not
# reproduce faithfully; use the Rust or JavaScript snippet (the forcelab library), or
# one of PD, Wu's backward PD, SPD and the simplified SPD, which this Godot template writes out.
`;
  }
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
${law.lines.map(([name, e]) => `\tvar ${name} := ${e}`).join('\n')}
	apply_central_force(Vector3(force, 0.0, 0.0))
`;
}
