/**
 * The Unity snippets: a MonoBehaviour that applies the law's force or torque in
 * FixedUpdate, with the reader's gains, mass and step. The cube is a Rigidbody pushed
 * along +x, the plate a Rigidbody2D moved and turned by one law per coordinate, the box
 * a Rigidbody turned by a world torque. Unity's physics runs in floats; the laws are
 * computed in doubles and handed over as floats. The test suite compiles every template
 * with mcs against a stand-in of the UnityEngine types (`tests/export/snippets/unity/StandIn.cs`, run by `unity.test.ts`).
 */
import { CSHARP, render, type EngineProgram, type Memory, type Setting } from './engine-program';
import { engineProgram, notWrittenOut, renderVectorStep, vectorProgram } from './engine-laws';
import { alone, type VectorSpelling } from './vector-expression';
import { header, literal, wrap, type SnippetInput } from './input';

/** The component's class name: `ForcelabBackwardPd`, `ForcelabPidPlate`, ... */
export const className = (s: Pick<SnippetInput, 'kind' | 'plant'>) =>
  `Forcelab${s.kind.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}${s.plant === 'cube' ? '' : s.plant[0]!.toUpperCase() + s.plant.slice(1)}`;

export function csharpSnippet(s: SnippetInput): string {
  if (s.plant === 'box') {
    const program = vectorProgram(s);
    return program ? boxVector(s, program) : unavailable(s);
  }
  const program = engineProgram(s);
  return program ? flat(s, program) : unavailable(s);
}

/** The body's mass and the fixed step, the fields every template has. */
const bodyFields = (s: SnippetInput) => `    public double mass = ${literal(s.mass)};
    public double dt = ${literal(s.dt)};`;

const settingField = (f: Setting) => `    public ${f.integer ? 'int' : 'double'} ${f.name} = ${f.integer ? String(f.value) : literal(f.value)}; // ${f.doc}`;

/** The law as a nested class holding its memory; `scale` multiplies its gains and efforts (I/m on a turn). */
function lawClass(s: SnippetInput, program: EngineProgram): string {
  const settings = program.settings.map((f) => [f.name, f.scaled, f.integer] as const);
  const fields = settings.map(([name, , integer]) => `        readonly ${integer ? 'int' : 'double'} ${name};`);
  const memory = program.memory.map((f) =>
    f.type === 'list' ? `        readonly List<double> ${f.name} = new List<double>(); // ${f.doc}` : `        ${f.type === 'bool' ? 'bool' : 'double'} ${f.name}; // ${f.doc}`,
  );
  const assign = settings.map(([name, scaled]) => `            ${name} = settings.${name}${scaled ? ' * scale' : ''};`);
  return `    // The law, with its memory (fields start at zero): one per driven coordinate.
    class Law
    {
${[...fields, ...memory].join('\n')}

        public Law(${className(s)} settings, double scale)
        {
${assign.join('\n')}
        }

        // The force (N) on a body of mass m at x, v toward a target at xt, vt, for a step dt.
        public double Step(double x, double v, double xt, double vt, double m, double dt)
        {
${render(program.step, CSHARP, '            ').join('\n')}
            return force;
        }
    }`;
}

function flat(s: SnippetInput, program: EngineProgram): string {
  const list = program.memory.some((f) => f.type === 'list');
  const fields = [...program.settings.map(settingField), bodyFields(s)].join('\n');
  const usings = ['using System;', ...(list ? ['using System.Collections.Generic;'] : []), 'using UnityEngine;'].join('\n');
  const parity = `// For the motion forcelab computes: no drag, no interpolation (set in Awake), and
// nothing else touching the body. Unity steps semi-implicit Euler, as the Lab's default.`;
  if (s.plant === 'plate') {
    return `${header(s, '//')}
${wrap(`The law on each coordinate: ${program.source}`, '//')}
// Unity 6 2D physics (Rigidbody2D.linearVelocity); Unity keeps the angle in degrees.
${parity}
${usings}

[RequireComponent(typeof(Rigidbody2D))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target; // its x, y (m) and its rotation about z (the heading)
${fields}

    Rigidbody2D body;
    Law alongX, alongY, turn;

    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    double Inertia => mass * 1.25 / 12.0;

    void Awake()
    {
        body = GetComponent<Rigidbody2D>();
        body.mass = (float)mass;
        body.inertia = (float)Inertia;
        body.gravityScale = 0f;
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.interpolation = RigidbodyInterpolation2D.None;
        Time.fixedDeltaTime = (float)dt;
    }

    // Fresh laws, their memory empty, whenever the component is enabled.
    void OnEnable()
    {
        alongX = new Law(this, 1.0);
        alongY = new Law(this, 1.0);
        // The turn: gains and efforts scaled by I/m (same frequency and damping).
        turn = new Law(this, Inertia / mass);
    }

    void FixedUpdate()
    {
        double fx = alongX.Step(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, dt);
        double fy = alongY.Step(body.position.y, body.linearVelocity.y, target.position.y, 0.0, mass, dt);
        // The heading error the short way round.
        double angle = body.rotation * Mathf.Deg2Rad, w = body.angularVelocity * Mathf.Deg2Rad;
        double goal = target.eulerAngles.z * Mathf.Deg2Rad;
        double heading = angle + Wrap(goal - angle);
        double torque = turn.Step(angle, w, heading, 0.0, Inertia, dt);
        body.AddForce(new Vector2((float)fx, (float)fy), ForceMode2D.Force);
        body.AddTorque((float)torque, ForceMode2D.Force);
    }

    // An angle brought into [-pi, pi).
    static double Wrap(double a) => a - 2.0 * Math.PI * Math.Floor((a + Math.PI) / (2.0 * Math.PI));

${lawClass(s, program)}
}
`;
  }
  return `${header(s, '//')}
${wrap(`The law: ${program.source}`, '//')}
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
${parity}
${usings}

[RequireComponent(typeof(Rigidbody))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target;
${fields}

    Rigidbody body;
    Law law;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        // Only the law pushes: no gravity (it would pull the cube down, onto a floor's friction).
        body.useGravity = false;
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.interpolation = RigidbodyInterpolation.None;
        Time.fixedDeltaTime = (float)dt;
    }

    // A fresh law, its memory empty, whenever the component is enabled.
    void OnEnable()
    {
        law = new Law(this, 1.0);
    }

    void FixedUpdate()
    {
        double force = law.Step(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, dt);
        body.AddForce(new Vector3((float)force, 0f, 0f), ForceMode.Force);
    }

${lawClass(s, program)}
}
`;
}

/** The box's Awake: its mass, its inertia and the settings that keep Unity's step to forcelab's. */
const boxAwake = `    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        // A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
        body.inertiaTensor = new Vector3((float)(mass * (0.25 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.25) / 12.0));
        body.inertiaTensorRotation = Quaternion.identity;
        body.useGravity = false;
        // For the turn forcelab computes: Unity's default angular drag (0.05) and its cap
        // on the angular velocity would slow it, so both are set out of the way. forcelab's
        // box then steps the gyroscopic term implicitly and the orientation by
        // q + dt/2 (w, 0) q; where Unity's PhysX steps these differently, the laws that
        // predict the step (the SPDs, one-step) land close to, not exactly on, their aim.
        body.linearDamping = 0f;
        body.angularDamping = 0f;
        body.maxAngularVelocity = 1000f;
        body.interpolation = RigidbodyInterpolation.None;
        Time.fixedDeltaTime = (float)dt;
    }`;

/** The world inertia times a world vector. */
const inertiaTimes = `    // I_w v: the world inertia times a world vector.
    Vector3 InertiaTimes(Vector3 v)
    {
        Quaternion r = body.rotation * body.inertiaTensorRotation;
        return r * Vector3.Scale(body.inertiaTensor, Quaternion.Inverse(r) * v);
    }`;

/** The shortest rotation vector between two orientations, as the box templates compute it. */
const rotationVector = `    // The shortest rotation (rad, world) that turns \`from\` into \`to\`. Read with atan2, not
    // ToAngleAxis's acos, which in floats cannot see an angle below about 1e-3 rad.
    static Vector3 RotationVector(Quaternion from, Quaternion to)
    {
        Quaternion q = to * Quaternion.Inverse(from);
        if (q.w < 0f) q = new Quaternion(-q.x, -q.y, -q.z, -q.w);
        Vector3 v = new Vector3(q.x, q.y, q.z);
        float s = v.magnitude;
        return s < 1e-12f ? 2f * v : (float)(2.0 * System.Math.Atan2(s, q.w) / s) * v;
    }`;

/** The factor that turns the Lab's per-kg gains into the box's torque gains. */
const scaleProperty = `    // The Lab's gains are the cube's per kg: on the box they are scaled by the
    // inertia about the turning axis a = (1, 2, 3) / |(1, 2, 3)|, over the mass.
    double Scale => (body.inertiaTensor.x + 4.0 * body.inertiaTensor.y + 9.0 * body.inertiaTensor.z) / 14.0 / mass;`;

/** \`q\` turned by a world angular velocity held for a step, as the core's \`integrate_exact\`. */
const advanced = `    // q turned by the world angular velocity w (rad/s) held for dt s: exp(w dt / 2) q.
    static Quaternion Advanced(Quaternion q, Vector3 w, double dt) =>
        (Quaternion.AngleAxis((float)(w.magnitude * dt) * Mathf.Rad2Deg, w) * q).normalized;`;

/** A / b per component, for the core's Over. */
const divide = `    // a / b per component.
    static Vector3 Divide(Vector3 a, Vector3 b) => new Vector3(a.x / b.x, a.y / b.y, a.z / b.z);`;

/** The rotation as article 002's listings read it, for the core's PrintedRotation. */
const printedRotation = `    // The rotation (rad, world) from \`from\` to \`to\` as the listing reads it: ToAngleAxis's
    // angle runs to 360 degrees, so past 180 this turns the long way round.
    static Vector3 PrintedRotation(Quaternion from, Quaternion to)
    {
        Quaternion turn = to * Quaternion.Inverse(from);
        turn.ToAngleAxis(out float degrees, out Vector3 axis);
        return axis * (degrees * Mathf.Deg2Rad);
    }`;

/** The helper each vocabulary name needs, in the order a component defines them. */
const HELPERS: [name: string, code: string][] = [
  ['Scale', scaleProperty],
  ['InertiaTimes', inertiaTimes],
  ['Advanced', advanced],
  ['RotationVector', rotationVector],
  ['PrintedRotation', printedRotation],
  ['Over', divide],
];

/** How Unity's C# writes the core's vector vocabulary: Vector3 and Quaternion in floats, the law's numbers in doubles. */
export const CSHARP_VECTORS: VectorSpelling = {
  inputs: {
    q: 'body.rotation',
    omega: 'body.angularVelocity',
    qt: 'target.rotation',
    principal: 'body.rotation * body.inertiaTensorRotation',
    frame: 'body.inertiaTensorRotation',
    inertia: 'body.inertiaTensor',
    mass: 'mass',
    dt: 'dt',
    Scale: 'Scale',
    ZERO: 'Vector3.zero',
    ONE: 'Vector3.one',
  },
  call: (name, args) => {
    const list = args.map((a) => a.text).join(', ');
    const [a, b] = args;
    const text: Record<string, () => string> = {
      Cross: () => `Vector3.Cross(${list})`,
      Dot: () => `Vector3.Dot(${list})`,
      Times: () => `Vector3.Scale(${list})`,
      Over: () => `Divide(${list})`,
      Length: () => `${alone(a!)}.magnitude`,
      ClampLength: () => `Vector3.ClampMagnitude(${a!.text}, ${CSHARP_VECTORS.scalar(b!)})`,
      Inverse: () => `Quaternion.Inverse(${list})`,
      Tan: () => `System.Math.Tan(${list})`,
    };
    return { text: text[name]?.() ?? `${name}(${list})`, atomic: true };
  },
  scalar: (p) => `(float)${alone(p)}`,
  not: (operand) => `!${operand}`,
  and: '&&',
  or: '||',
  choose: (test, then, otherwise) => `${test} ? ${then} : ${otherwise}`,
};

/** A memory field's value on reset. */
const EMPTY: Record<Memory['type'], string> = { number: '0.0', bool: 'false', list: 'new List<double>()', vector: 'Vector3.zero', orientation: 'Quaternion.identity' };
const TYPE: Record<Memory['type'], string> = { number: 'double', bool: 'bool', list: 'List<double>', vector: 'Vector3', orientation: 'Quaternion' };

/** A box component for a law the core declares in vectors (`vectorProgram`): its settings, its memory, the helpers its step calls, and the step. */
function boxVector(s: SnippetInput, program: EngineProgram): string {
  const fields = [...program.settings.map(settingField), bodyFields(s)].join('\n');
  const { lines, torque, used } = renderVectorStep(program, CSHARP, CSHARP_VECTORS, '        ');
  const memory = program.memory.length
    ? `
    // The law's memory, emptied whenever the component is enabled.
${program.memory.map((f) => `    ${TYPE[f.type]} ${f.name}; // ${f.doc}`).join('\n')}`
    : '';
  const enable = program.memory.length
    ? `    void OnEnable()
    {
${program.memory.map((f) => `        ${f.name} = ${EMPTY[f.type]};`).join('\n')}
    }

`
    : '';
  const helpers = HELPERS.filter(([name]) => used.has(name)).map(([, code]) => `${code}\n\n`);
  return `${boxHead(s, wrap(`The law: ${program.source}.`, '//'), fields)}${memory}

${boxAwake}

${enable}${helpers.join('')}    void FixedUpdate()
    {
${lines.join('\n')}
        body.AddTorque(${torque}, ForceMode.Force);
    }
}
`;
}

/** A box component's opening: the header, the law's source line, the class with its target, settings and body. */
const boxHead = (s: SnippetInput, law: string, fields: string) => `${header(s, '//')}
${law}
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target; // the orientation to turn to
${fields}

    Rigidbody body;`;

function unavailable(s: SnippetInput): string {
  const { why, written } = notWrittenOut(s.plant, s.kind, s.name);
  return `${header(s, '//')}
${wrap(`${why}.`, '//')}
// For it, use the Rust or JavaScript snippet (the forcelab library); this Unity
// template writes out ${written}.
`;
}
