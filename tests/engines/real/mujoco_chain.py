#!/usr/bin/env python3
"""The real MuJoCo (PyPI mujoco, pinned in tests/engines/requirements.txt) for the chain
twin's tests (issue 48).

Reads a JSON array of cases on stdin, each the core's description of an arm:
  {"links": [{"length", "mass", "com", "inertia"}, ...], "gravity": g, "start": [q...],
   "target": [q...], "kp": kp, "kv": kv, "dt": dt, "integrator": "Euler" | "implicitfast",
   "steps": n}
and prints {"version", "results": [[qpos after each mj_step], ...]}.

The model: a planar chain of bodies hinged about z, each body's frame at its joint with
the next body at (length, 0, 0), an inertial of the link's mass at (com, 0, 0) with its
moment about z (and the same about x and y, which hinges about z never read), gravity
along -y, no armature, damping, friction, limits or geoms; one <position> actuator per
joint with kp and kv, ctrl = the target written before every step.
"""
import json
import sys

import mujoco

from mujoco_engine import serve


def mjcf(case):
    r = repr
    bodies, close = "", ""
    for k, link in enumerate(case["links"]):
        pos = "0 0 0" if k == 0 else f"{r(case['links'][k - 1]['length'])} 0 0"
        i = r(link["inertia"])
        bodies += f"""
    <body name="l{k}" pos="{pos}">
      <joint name="j{k}" type="hinge" axis="0 0 1" armature="0" damping="0" frictionloss="0"/>
      <inertial pos="{r(link['com'])} 0 0" mass="{r(link['mass'])}" diaginertia="{i} {i} {i}"/>"""
        close += "\n    </body>"
    actuators = "".join(f'\n    <position joint="j{k}" kp="{r(case["kp"])}" kv="{r(case["kv"])}"/>' for k in range(len(case["links"])))
    return f"""<mujoco>
  <option timestep="{r(case['dt'])}" gravity="0 {r(-case['gravity'])} 0" integrator="{case['integrator']}"/>
  <worldbody>{bodies}{close}
  </worldbody>
  <actuator>{actuators}
  </actuator>
</mujoco>"""


def run(case):
    model = mujoco.MjModel.from_xml_string(mjcf(case))
    data = mujoco.MjData(model)
    data.qpos[:] = case["start"]
    out = []
    for _ in range(case["steps"]):
        data.ctrl[:] = case["target"]
        mujoco.mj_step(model, data)
        out.append([float(x) for x in data.qpos])
    return out


if __name__ == "__main__":
    serve(run)
