# forcelab: PID moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
# Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
# the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
# The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
# PID keeps memory or solver state that a few engine lines would not reproduce
# faithfully.
# For it, use the Rust or JavaScript snippet (the forcelab library); this Godot
# template writes out PD, Wu's backward PD, SPD and the simplified SPD.
