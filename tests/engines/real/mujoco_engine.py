#!/usr/bin/env python3
"""The real MuJoCo (PyPI mujoco, pinned in tests/engines/requirements.txt) for the
engine-twin tests.

Reads a JSON array of cases on stdin, the core's own description of a twin run:
  {"id": "mujoco-position", "parameters": {"kp": ..., "kv": ...}, "mass": m, "dt": dt,
   "angular": bool, "steps": n, "settings": {"integrator": "Euler" | ...}}
and prints {"version", "results": [[qpos after each mj_step], ...]}.

The model: one body on a slide joint along x (or a hinge about z) with an inertial of
mass m and inertia m on every axis at its centre, no gravity, armature, damping or
friction, and a <position> actuator with kp and kv; ctrl = 1 (the target) is written
before every step, as a control loop does.
"""
import json
import sys

import mujoco

SETTINGS = {"integrator"}


def mjcf(case):
    unknown = set(case["settings"]) - SETTINGS
    if unknown:
        raise ValueError(f"mujoco: setting(s) {sorted(unknown)} not applied to the real engine")
    if case["id"] != "mujoco-position":
        raise ValueError(f"mujoco: no entry {case['id']}")
    p, m, r = case["parameters"], case["mass"], repr
    # Only what the case sets: MuJoCo's own defaults stand for the rest.
    integrator = f' integrator="{case["settings"]["integrator"]}"' if "integrator" in case["settings"] else ""
    joint = 'type="hinge" axis="0 0 1"' if case["angular"] else 'type="slide" axis="1 0 0"'
    return f"""<mujoco>
  <option timestep="{r(case['dt'])}" gravity="0 0 0"{integrator}/>
  <worldbody>
    <body name="b">
      <joint name="j" {joint} armature="0" damping="0" frictionloss="0"/>
      <inertial pos="0 0 0" mass="{r(m)}" diaginertia="{r(m)} {r(m)} {r(m)}"/>
    </body>
  </worldbody>
  <actuator>
    <position name="a" joint="j" kp="{r(p['kp'])}" kv="{r(p['kv'])}"/>
  </actuator>
</mujoco>"""


def run(case):
    model = mujoco.MjModel.from_xml_string(mjcf(case))
    data = mujoco.MjData(model)
    out = []
    for _ in range(case["steps"]):
        data.ctrl[0] = 1.0
        mujoco.mj_step(model, data)
        out.append(float(data.qpos[0]))
    return out


def serve(run_case):
    """Reads the cases on stdin and prints {"version", "results"}: one run_case each."""
    # A diverging run warns; the warnings are counted, not printed.
    mujoco.set_mju_user_warning(lambda message: None)
    cases = json.load(sys.stdin)
    json.dump({"version": f"mujoco {mujoco.__version__}", "results": [run_case(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    serve(run)
