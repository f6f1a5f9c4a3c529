/**
 * The Godot 4 snippets: a rigid-body script that applies the law's force or torque in
 * _physics_process, with the reader's gains, mass and step. GDScript's float is a
 * double, but Godot's vectors and physics are single precision in its standard builds,
 * as Unity's are; the test suite runs every template in doubles (`tests/export/snippets/godot/run.py`). The cube is a RigidBody3D pushed
 * along +x, the plate a RigidBody2D moved and turned by one law per coordinate, the box
 * a RigidBody3D turned by a world torque.
 */
import { GDSCRIPT, render, type EngineProgram, type Memory } from './engine-program';
import { engineProgram, notWrittenOut, renderVectorStep, vectorProgram } from './engine-laws';
import { alone, type VectorSpelling } from './vector-expression';
import { header, literal, wrap, type SnippetInput } from './input';

export function gdscriptSnippet(s: SnippetInput): string {
  const vector = s.plant === 'box' ? vectorProgram(s) : undefined;
  if (vector) return snakeCase(boxVector(s, vector));
  const program = s.plant === 'box' ? undefined : engineProgram(s);
  if (program) return snakeCase(flat(s, program));
  const { why, written } = notWrittenOut(s.plant, s.kind, s.name);
  return `${header(s, '#')}
${wrap(`${why}.`, '#')}
# For it, use the Rust or JavaScript snippet (the forcelab library); this Godot
# template writes out ${written}.
`;
}

/** The programs' camelCase names (`plantGain`) in GDScript's snake_case (`plant_gain`). */
const snakeCase = (text: string) => text.replace(/\b[a-z_][A-Za-z0-9_]*\b/g, (word) => word.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}_${b.toLowerCase()}`));

/** The law's settings (its gains first) as exported variables with the reader's values. */
const exports = (p: EngineProgram) => p.settings.map((f) => `@export var ${f.name} := ${f.integer ? String(f.value) : literal(f.value)} # ${f.doc}`);

/** A fresh law for one coordinate, its gains and efforts scaled by `scale` (none: as set). */
const newLaw = (p: EngineProgram, scale?: string) => `Law.new(${p.settings.map((f) => (f.scaled && scale ? `${f.name} * ${scale}` : f.name)).join(', ')})`;

/** The law as an inner class holding its memory. */
function lawClass(p: EngineProgram): string {
  const settings = p.settings.map((f) => [f.name, f.integer] as const);
  const memory = p.memory.map((f) => (f.type === 'list' ? `\tvar ${f.name}: Array[float] = [] # ${f.doc}` : `\tvar ${f.name} := ${f.type === 'bool' ? 'false' : '0.0'} # ${f.doc}`));
  return `# The law, with its memory (fields start at zero): one per driven coordinate.
class Law:
${settings.map(([name, integer]) => `\tvar ${name}: ${integer ? 'int' : 'float'}`).join('\n')}
${memory.join('\n')}

\tfunc _init(${settings.map(([name, integer]) => `p_${name}: ${integer ? 'int' : 'float'}`).join(', ')}) -> void:
${settings.map(([name]) => `\t\t${name} = p_${name}`).join('\n')}

\t# The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
\tfunc step(x: float, v: float, xt: float, vt: float, m: float, dt: float) -> float:
${render(p.step, GDSCRIPT, '\t\t').join('\n')}
\t\treturn force
`;
}

/** Godot adds the project's default damping and lets a still body sleep: both off, for the Lab's motion. */
const parity = (body: string) => `\t# For the motion forcelab computes: no damping (Godot adds the project's by default)
\t# and no sleeping. Godot steps semi-implicit Euler, as the Lab's default.
\tlinear_damp_mode = ${body}.DAMP_MODE_REPLACE
\tlinear_damp = 0.0
\tangular_damp_mode = ${body}.DAMP_MODE_REPLACE
\tangular_damp = 0.0
\tcan_sleep = false`;

function flat(s: SnippetInput, p: EngineProgram): string {
  const settings = [...exports(p), `@export var dt := ${literal(s.dt)}`].join('\n');
  if (s.plant === 'plate') {
    return `${header(s, '#')}
${wrap(`The law on each coordinate: ${p.source}`, '#')}
# Godot's 2-D y axis points down, so a positive turn is clockwise on screen.
extends RigidBody2D

@export var target: Node2D # its position (m) and rotation (the heading)
${settings}

var along_x: Law
var along_y: Law
var turn: Law

func _ready() -> void:
\tmass = ${literal(s.mass)}
\t# A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
\tinertia = mass * 1.25 / 12.0
\tgravity_scale = 0.0
${parity('RigidBody2D')}
\tEngine.physics_ticks_per_second = int(round(1.0 / dt))
\talong_x = ${newLaw(p)}
\talong_y = ${newLaw(p)}
\t# The turn: gains and efforts scaled by I/m (same frequency and damping).
\tvar s := inertia / mass
\tturn = ${newLaw(p, 's')}

func _physics_process(_delta: float) -> void:
\tvar fx := along_x.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
\tvar fy := along_y.step(global_position.y, linear_velocity.y, target.global_position.y, 0.0, mass, dt)
\t# The heading error the short way round.
\tvar heading := rotation + wrapf(target.global_rotation - rotation, -PI, PI)
\tvar torque := turn.step(rotation, angular_velocity, heading, 0.0, inertia, dt)
\tapply_central_force(Vector2(fx, fy))
\tapply_torque(torque)

${lawClass(p)}`;
  }
  return `${header(s, '#')}
${wrap(`The law: ${p.source}`, '#')}
extends RigidBody3D

@export var target: Node3D
${settings}

var law: Law

func _ready() -> void:
\tmass = ${literal(s.mass)}
\t# Only the law pushes: no gravity (it would pull the cube down, onto a floor's friction).
\tgravity_scale = 0.0
${parity('RigidBody3D')}
\tEngine.physics_ticks_per_second = int(round(1.0 / dt))
\tlaw = ${newLaw(p)}

func _physics_process(_delta: float) -> void:
\tvar force := law.step(global_position.x, linear_velocity.x, target.global_position.x, 0.0, mass, dt)
\tapply_central_force(Vector3(force, 0.0, 0.0))

${lawClass(p)}`;
}

/** The box's _ready: its mass, its inertia and the settings that keep Godot's step to forcelab's. */
const boxReady = (s: SnippetInput) => `func _ready() -> void:
\tmass = ${literal(s.mass)}
\t# A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
\tinertia = Vector3(mass * (0.25 + 0.0625) / 12.0, mass * (1.0 + 0.0625) / 12.0, mass * (1.0 + 0.25) / 12.0)
\tgravity_scale = 0.0
${parity('RigidBody3D')}
\tEngine.physics_ticks_per_second = int(round(1.0 / dt))
\t# forcelab's box steps the gyroscopic term implicitly and the orientation by
\t# q + dt/2 (w, 0) q; where Godot's physics steps these differently, the laws that
\t# predict the step (the SPDs, one-step) land close to, not exactly on, their aim.`;

const rotationVector = `# The shortest rotation (rad, world) that turns \`from\` into \`to\`. Read with atan2, not
# get_angle's acos, which cannot see an angle below about 3e-8 rad.
func rotation_vector(from: Quaternion, to: Quaternion) -> Vector3:
\tvar q := to * from.inverse()
\tif q.w < 0.0:
\t\tq = -q
\tvar v := Vector3(q.x, q.y, q.z)
\tvar s := v.length()
\treturn 2.0 * v if s < 1e-12 else (2.0 * atan2(s, q.w) / s) * v`;

/** The factor that turns the Lab's per-kg gains into the box's torque gains. */
const gainScale = `# The Lab's gains are the cube's per kg: on the box they are scaled by the inertia
# about the turning axis a = (1, 2, 3) / |(1, 2, 3)|, over the mass.
func gain_scale() -> float:
\treturn (inertia.x + 4.0 * inertia.y + 9.0 * inertia.z) / 14.0 / mass`;

/** I_w v for a world vector: Godot's \`inertia\` is along the body's own axes. */
const inertiaTimes = `# I_w v: the world inertia times a world vector.
func inertia_times(v: Vector3) -> Vector3:
\tvar r := global_basis.orthonormalized()
\treturn r * (inertia * (r.transposed() * v))`;

/** \`q\` turned by a world angular velocity held for a step, as the core's \`integrate_exact\`. */
const advanced = `# q turned by the world angular velocity w (rad/s) held for dt s: exp(w dt / 2) q.
func advanced(q: Quaternion, w: Vector3, step: float) -> Quaternion:
\tif w.length() == 0.0:
\t\treturn q
\treturn (Quaternion(w.normalized(), w.length() * step) * q).normalized()`;


/** The rotation as article 002's listings read it, for the core's PrintedRotation. */
const printedRotation = `# The rotation (rad, world) from \`from\` to \`to\` as the listing reads it: get_angle runs
# to 2 pi, so past pi this turns the long way. The axis is normalized here: near the
# identity Godot's get_axis() returns (x, y, z) as is.
func printed_rotation(from: Quaternion, to: Quaternion) -> Vector3:
\tvar turn := to * from.inverse()
\treturn Vector3(turn.x, turn.y, turn.z).normalized() * turn.get_angle()`;

/** The helper each vocabulary name needs, in the order a script defines them. */
const HELPERS: [name: string, code: string][] = [
  ['Scale', gainScale],
  ['InertiaTimes', inertiaTimes],
  ['Advanced', advanced],
  ['RotationVector', rotationVector],
  ['PrintedRotation', printedRotation],
];

/** How GDScript writes the core's vector vocabulary (Godot keeps the inertia along the body's own axes). */
export const GDSCRIPT_VECTORS: VectorSpelling = {
  inputs: {
    q: 'global_basis.get_rotation_quaternion()',
    omega: 'angular_velocity',
    qt: 'target.global_basis.get_rotation_quaternion()',
    principal: 'global_basis.get_rotation_quaternion()',
    frame: 'Quaternion.IDENTITY',
    inertia: 'inertia',
    mass: 'mass',
    dt: 'dt',
    // Not "scale": a Node3D has a property of that name.
    Scale: 'gain_scale()',
    ZERO: 'Vector3.ZERO',
    ONE: 'Vector3.ONE',
  },
  call: (name, args) => {
    const [a, b] = args;
    const method = (m: string, ...rest: string[]) => ({ text: `${alone(a!)}.${m}(${rest.join(', ')})`, atomic: true });
    const infix = (op: string) => ({ text: `${alone(a!)} ${op} ${alone(b!)}`, atomic: false });
    const spelled: Record<string, () => { text: string; atomic: boolean }> = {
      Cross: () => method('cross', b!.text),
      Dot: () => method('dot', b!.text),
      // Godot multiplies and divides two vectors per component.
      Times: () => infix('*'),
      Over: () => infix('/'),
      Length: () => method('length'),
      ClampLength: () => method('limit_length', b!.text),
      Inverse: () => method('inverse'),
      Tan: () => ({ text: `tan(${a!.text})`, atomic: true }),
    };
    const helper = () => ({ text: `${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}(${args.map((x) => x.text).join(', ')})`, atomic: true });
    return (spelled[name] ?? helper)();
  },
  scalar: (p) => p.text,
  not: (operand) => `not ${operand}`,
  and: 'and',
  or: 'or',
  choose: (test, then, otherwise) => `${then} if ${test} else ${otherwise}`,
};

/** A memory field's value on reset. */
const EMPTY: Record<Memory['type'], string> = { number: '0.0', bool: 'false', list: '[]', vector: 'Vector3.ZERO', orientation: 'Quaternion.IDENTITY' };

/** A box script for a law the core declares in vectors (`vectorProgram`), in camelCase (the caller turns it to snake_case). */
function boxVector(s: SnippetInput, program: EngineProgram): string {
  const { lines, torque, used } = renderVectorStep(program, GDSCRIPT, GDSCRIPT_VECTORS, '\t');
  const settings = [...program.settings.map((f) => `@export var ${f.name} := ${literal(f.value)} # ${f.doc}`), `@export var dt := ${literal(s.dt)}`].join('\n');
  const memory = program.memory.length
    ? `
# The law's memory, empty when the script starts.
${program.memory.map((f) => `var ${f.name} := ${EMPTY[f.type]} # ${f.doc}`).join('\n')}
`
    : '';
  const helpers = HELPERS.filter(([name]) => used.has(name)).map(([, code]) => `${code}\n\n`);
  return `${header(s, '#')}
${wrap(`The law: ${program.source}.`, '#')}
extends RigidBody3D

@export var target: Node3D # the orientation to turn to
${settings}
${memory}
${boxReady(s)}

${helpers.join('')}func _physics_process(_delta: float) -> void:
${lines.join('\n')}
\tapply_torque(${torque})
`;
}
