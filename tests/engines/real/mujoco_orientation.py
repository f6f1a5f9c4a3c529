#!/usr/bin/env python3
"""The real MuJoCo (PyPI mujoco, pinned in tests/engines/requirements.txt) for the
orientation-twin tests.

Reads a JSON array of cases on stdin, each one drive of the orientation command's
output with its intent:
  {"id": "mujoco-ball-motor" | "mujoco-gimbal-position", "parameters": {name: value},
   "inertia": [ix, iy, iz], "target": [w, x, y, z], "spin": [wx, wy, wz], "dt": dt,
   "steps": n, "settings": {"integrator": "Euler" | ...}}
and prints {"version", "results": [{"orientations": [[w, x, y, z] of the body after each
mj_step], "resets": the steps at which MuJoCo reset a diverged simulation}, ...]}.

The model: one body whose centre of mass is at the joints' anchor, principal moments
on the world axes, no gravity, armature, damping or friction, and either
- a ball joint with three <motor> actuators (gear along the body's x, y, z), the torque
  law written in the loop as a MuJoCo user writes it:
  ctrl = kp * mju_subQuat(target, qpos) - kd * qvel; or
- three hinge joints (x, then y, then z) with <position> actuators (kp, kv), ctrl the
  target's x-y-z angles.
The spin is the initial qvel (the joints' frames are the world's at the start).
"""
import mujoco
import numpy as np
from mujoco_engine import serve

SETTINGS = {"integrator"}


def mjcf(case):
    unknown = set(case["settings"]) - SETTINGS
    if unknown:
        raise ValueError(f"mujoco: setting(s) {sorted(unknown)} not applied to the real engine")
    p, i, r = case["parameters"], case["inertia"], repr
    integrator = f' integrator="{case["settings"]["integrator"]}"' if "integrator" in case["settings"] else ""
    inertial = f'<inertial pos="0 0 0" mass="1" diaginertia="{r(i[0])} {r(i[1])} {r(i[2])}"/>'
    if case["id"] == "mujoco-ball-motor":
        joints = '<joint name="j" type="ball" armature="0" damping="0" frictionloss="0"/>'
        actuators = "".join(
            f'<motor joint="j" gear="{g}" ctrllimited="false"/>' for g in ("1 0 0 0 0 0", "0 1 0 0 0 0", "0 0 1 0 0 0")
        )
    elif case["id"] == "mujoco-gimbal-position":
        joints = "".join(
            f'<joint name="j{a}" type="hinge" axis="{v}" armature="0" damping="0" frictionloss="0"/>'
            for a, v in (("x", "1 0 0"), ("y", "0 1 0"), ("z", "0 0 1"))
        )
        actuators = "".join(
            f'<position joint="j{a}" kp="{r(p["kp." + a])}" kv="{r(p["kv." + a])}"/>' for a in "xyz"
        )
    else:
        raise ValueError(f"mujoco: no orientation drive {case['id']}")
    return f"""<mujoco>
  <option timestep="{r(case['dt'])}" gravity="0 0 0"{integrator}/>
  <worldbody><body name="b">{joints}{inertial}</body></worldbody>
  <actuator>{actuators}</actuator>
</mujoco>"""


def run(case):
    model = mujoco.MjModel.from_xml_string(mjcf(case))
    data = mujoco.MjData(model)
    data.qvel[:] = case["spin"]
    p = case["parameters"]
    target = np.array(case["target"], dtype=float)
    out = []
    error = np.zeros(3)
    resets = []
    bad = [mujoco.mjtWarning.mjWARN_BADQPOS, mujoco.mjtWarning.mjWARN_BADQVEL, mujoco.mjtWarning.mjWARN_BADQACC]
    for k in range(case["steps"]):
        if case["id"] == "mujoco-ball-motor":
            mujoco.mju_subQuat(error, target, data.qpos)
            data.ctrl[:] = [p["kp." + a] * error[k] - p["kd." + a] * data.qvel[k] for k, a in enumerate("xyz")]
        else:
            data.ctrl[:] = [p["ctrl." + a] for a in "xyz"]
        mujoco.mj_step(model, data)
        # The counters are cleared after each step, so each reset is seen once.
        if any(data.warning[w].number for w in bad):
            resets.append(k)
        for w in bad:
            data.warning[w].number = 0
        mujoco.mj_kinematics(model, data)
        out.append([float(x) for x in data.xquat[1]])
    return {"orientations": out, "resets": resets}


if __name__ == "__main__":
    serve(run)
