/**
 * The Unity snippets: a MonoBehaviour that applies the law's force or torque in
 * FixedUpdate, with the reader's gains, mass and step. The cube is a Rigidbody pushed
 * along +x, the plate a Rigidbody2D moved and turned by one law per coordinate, the box
 * a Rigidbody turned by a world torque. Unity's physics runs in floats; the laws are
 * computed in doubles where they are scalar and handed over as floats.
 */
import { ENGINE_LAWS, ENGINE_TORQUE_LAWS, notWrittenOut, type EngineLaw } from './engine-laws';
import { header, literal, wrap, type SnippetInput } from './input';

const className = (s: SnippetInput) =>
  `Forcelab${s.kind.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}${s.plant === 'cube' ? '' : s.plant[0]!.toUpperCase() + s.plant.slice(1)}`;

const statements = (law: EngineLaw, indent: string) => law.lines.map(([name, e]) => `${indent}double ${name} = ${e};`).join('\n');

export function csharpSnippet(s: SnippetInput): string {
  const law = (s.plant === 'box' ? ENGINE_TORQUE_LAWS : ENGINE_LAWS)[s.kind];
  if (!law) return unavailable(s);
  const fields = `    public double kp = ${literal(s.kp)};
    public double kd = ${literal(s.kd)};
    public double mass = ${literal(s.mass)};
    public double dt = ${literal(s.dt)};`;
  switch (s.plant) {
    case 'plate':
      return plate(s, law, fields);
    case 'box':
      return box(s, law, fields);
    default:
      return cube(s, law, fields);
  }
}

function cube(s: SnippetInput, law: EngineLaw, fields: string): string {
  return `${header(s, '//')}
// The law: ${law.source}
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target;
${fields}

    Rigidbody body;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        Time.fixedDeltaTime = (float)dt;
    }

    void FixedUpdate()
    {
        double m = mass;
        double x = body.position.x, v = body.linearVelocity.x;
        double xt = target.position.x, vt = 0.0;
${statements(law, '        ')}
        body.AddForce(new Vector3((float)force, 0f, 0f), ForceMode.Force);
    }
}
`;
}

function plate(s: SnippetInput, law: EngineLaw, fields: string): string {
  return `${header(s, '//')}
// The law on each coordinate: ${law.source}
// Unity 6 2D physics (Rigidbody2D.linearVelocity); Unity keeps the angle in degrees.
using System;
using UnityEngine;

[RequireComponent(typeof(Rigidbody2D))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target; // its x, y (m) and its rotation about z (the heading)
${fields}

    Rigidbody2D body;

    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    double Inertia => mass * 1.25 / 12.0;

    void Awake()
    {
        body = GetComponent<Rigidbody2D>();
        body.mass = (float)mass;
        body.inertia = (float)Inertia;
        body.gravityScale = 0f;
        Time.fixedDeltaTime = (float)dt;
    }

    // The law on one coordinate: position x and velocity v toward xt, vt, for mass m.
    static double Law(double x, double v, double xt, double vt, double m, double kp, double kd, double dt)
    {
${statements(law, '        ')}
        return force;
    }

    void FixedUpdate()
    {
        double fx = Law(body.position.x, body.linearVelocity.x, target.position.x, 0.0, mass, kp, kd, dt);
        double fy = Law(body.position.y, body.linearVelocity.y, target.position.y, 0.0, mass, kp, kd, dt);
        // The turn: gains scaled by I/m (same frequency and damping), the heading error the short way round.
        double s = Inertia / mass;
        double angle = body.rotation * Mathf.Deg2Rad, w = body.angularVelocity * Mathf.Deg2Rad;
        double goal = target.eulerAngles.z * Mathf.Deg2Rad;
        double heading = angle + Wrap(goal - angle);
        double torque = Law(angle, w, heading, 0.0, Inertia, kp * s, kd * s, dt);
        body.AddForce(new Vector2((float)fx, (float)fy), ForceMode2D.Force);
        body.AddTorque((float)torque, ForceMode2D.Force);
    }

    // An angle brought into [-pi, pi).
    static double Wrap(double a) => a - 2.0 * Math.PI * Math.Floor((a + Math.PI) / (2.0 * Math.PI));
}
`;
}

function box(s: SnippetInput, law: EngineLaw, fields: string): string {
  return `${header(s, '//')}
// The law: ${law.source}
// Unity 6. Rigidbody.angularVelocity is in rad/s; the torque is a world torque.
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ${className(s)} : MonoBehaviour
{
    public Transform target; // the orientation to turn to
${fields}

    Rigidbody body;

    void Awake()
    {
        body = GetComponent<Rigidbody>();
        body.mass = (float)mass;
        // A 1 x 0.5 x 0.25 m box, principal axes along its edges: I = m (b^2 + c^2) / 12, ...
        body.inertiaTensor = new Vector3((float)(mass * (0.25 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.0625) / 12.0), (float)(mass * (1.0 + 0.25) / 12.0));
        body.inertiaTensorRotation = Quaternion.identity;
        body.useGravity = false;
        Time.fixedDeltaTime = (float)dt;
    }

    // I_w v: the world inertia times a world vector.
    Vector3 InertiaTimes(Vector3 v)
    {
        Quaternion r = body.rotation * body.inertiaTensorRotation;
        return r * Vector3.Scale(body.inertiaTensor, Quaternion.Inverse(r) * v);
    }

    void FixedUpdate()
    {
        // The gains per unit inertia: kp I/m about any axis, divided by I.
        double kpu = kp / mass, kdu = kd / mass;
${statements(law, '        ')}
        // theta: the shortest rotation (rad, world) from the body to the target.
        Quaternion error = target.rotation * Quaternion.Inverse(body.rotation);
        if (error.w < 0f) error = new Quaternion(-error.x, -error.y, -error.z, -error.w);
        error.ToAngleAxis(out float degrees, out Vector3 axis);
        Vector3 theta = axis * (degrees * Mathf.Deg2Rad);
        Vector3 alpha = (float)stiffness * theta + (float)damping * (Vector3.zero - body.angularVelocity);
        body.AddTorque(InertiaTimes(alpha), ForceMode.Force);
    }
}
`;
}

function unavailable(s: SnippetInput): string {
  const { why, written } = notWrittenOut(s.plant, s.kind, s.name);
  return `${header(s, '//')}
${wrap(`${why}.`, '//')}
// For it, use the Rust or JavaScript snippet (the forcelab library); this Unity
// template writes out ${written}.
`;
}
