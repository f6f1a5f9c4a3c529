// forcelab: stable PD (SPD) turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// stable PD (SPD) predicts the next orientation in the body's principal frame,
// gyroscopic term included, which a few engine lines would not reproduce faithfully.
// For it, use the Rust or JavaScript snippet (the forcelab library); this Unity
// template writes out PD, Wu's backward PD and its printed listing, and the PID.
