# forcelab: the chase's missile turned toward its goal by a heading PID (window 12
# samples) at 6.0 m/s, one fixed step of 0.016666666666666666 s. Units: SI (m, s, rad, N
# m); gains per unit inertia: kp 1/s^2, ki 1/s^3, kd 1/s. Signs: angles
# counter-clockwise from +x; the error is heading - desired, wrapped to (-pi, pi]; the
# angular acceleration is -PID(error), clamped to +-40.0 rad/s^2, times the inertia.
# The heading PID keeps a window of its last 12 errors (its integral and derivative read
# them), which the Godot template here does not write out.
# Use the Rust or JavaScript snippet (the forcelab library), or the Lab's
# PD-family laws, which the engine templates write out.
