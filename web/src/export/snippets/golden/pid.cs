// forcelab: PID pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// PID keeps memory or solver state that a few engine lines would not reproduce
// faithfully.
// For it, use the Rust or JavaScript snippet (the forcelab library); this Unity
// template writes out PD, Wu's backward PD, SPD and the simplified SPD.
