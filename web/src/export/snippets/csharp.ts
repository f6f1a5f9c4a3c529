/**
 * The Unity snippet: a MonoBehaviour that applies the law's force along +x in
 * FixedUpdate, with the reader's gains, mass and step. Unity's physics runs in floats;
 * the law is computed in doubles and the force handed over as a float.
 */
import { ENGINE_LAWS } from './engine-laws';
import { header, literal, type SnippetInput } from './input';

const className = (kind: string) => `Forcelab${kind.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;

export function csharpSnippet(s: SnippetInput): string {
  const law = ENGINE_LAWS[s.kind];
  if (!law) return unavailable(s);
  return `${header(s, '//')}
// The law: ${law.source}
// Unity 6 (Rigidbody.linearVelocity; it was Rigidbody.velocity before).
using UnityEngine;

[RequireComponent(typeof(Rigidbody))]
public class ${className(s.kind)} : MonoBehaviour
{
    public Transform target;
    public double kp = ${literal(s.kp)};
    public double kd = ${literal(s.kd)};
    public double mass = ${literal(s.mass)};
    public double dt = ${literal(s.dt)};

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
${law.lines.map(([name, e]) => `        double ${name} = ${e};`).join('\n')}
        body.AddForce(new Vector3((float)force, 0f, 0f), ForceMode.Force);
    }
}
`;
}

function unavailable(s: SnippetInput): string {
  return `${header(s, '//')}
// ${s.name} keeps memory or solver state that a few lines of C# would not reproduce
// faithfully; use the Rust or JavaScript snippet (the forcelab library), or one of
// PD, Wu's backward PD, SPD and the simplified SPD, which this Unity template writes out.
`;
}
