//! The first line a reader reads in each figure: what to look at, and one thing to try.
//! Chapters, embeds and the Lab's figure mounts all print these (the page keeps no
//! captions of its own); the tests check that every figure has one and only figures do.

/// What to look at in a figure and one thing to try with it, in one sentence each
/// (thousands grouped with a no-break space, so "20 000" never breaks across lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caption {
    /// What the figure shows at its opening settings, said as what to look at.
    pub look: &'static str,
    /// One change a reader can make in the figure, and what it will show.
    pub try_this: &'static str,
}

const fn caption(look: &'static str, try_this: &'static str) -> Caption {
    Caption { look, try_this }
}

/// Every figure's caption, by the figure's id in the registry.
pub const CAPTIONS: [(&str, Caption); 28] = [
    (
        "cube",
        caption(
            "Same gains, same mass, same step: the red cube rings around its target while the blue and green ones settle.",
            "Raise kp to 20\u{a0}000 N/m: forward PD and SPD leave the track, and only Wu's backward PD still arrives.",
        ),
    ),
    (
        "one-step-cube",
        caption(
            "Dashed, the one-step force as printed: 60 times too weak, it swings past the target and rings; the backward PD lands.",
            "Drag across the canvas to move the target: the printed force rings around every new spot.",
        ),
    ),
    (
        "one-step-box",
        caption(
            "Dashed, the printed one-step torque; solid, SPD turning an identical box toward the same goal.",
            "In All settings, untick the listing as printed on the first controller to run the corrected one-step torque.",
        ),
    ),
    (
        "pd-stiff",
        caption(
            "Forward PD, past its stability bound, rings and leaves the plot within half a second; the backward PD beside it lands.",
            "Under the plots, lower forward PD's kp below 9\u{a0}000 N/m and watch it come back.",
        ),
    ),
    (
        "pd-moving-target",
        caption(
            "The target glides at 2 m/s: both laws take its velocity, so after the catch-up neither lags behind it.",
            "In All settings, set the target velocity to 5 m/s: the catch-up grows, the lag still does not appear.",
        ),
    ),
    (
        "wu-cube",
        caption(
            "Wu's 10 Hz spring at a 30 Hz step: forward PD sits on its stability edge and never settles; the backward PD lands within a few steps.",
            "Under the plots, raise both frequencies: the backward PD only gets faster, forward PD soon diverges.",
        ),
    ),
    (
        "wu-box",
        caption(
            "Dashed, Wu's torque listing as printed; solid, SPD on the same box. At these moderate gains both behave.",
            "Under the plots, raise both kp to 20\u{a0}000 and both kd to 600, and watch which of the two holds.",
        ),
    ),
    (
        "spd-cube",
        caption(
            "Stiff gains with kd above 1.5 kp h: SPD lands in a tenth of a second; the simplified SPD explodes even before forward PD.",
            "Under the plots, lower every kp to 400 N/m and kd to 20 N s/m: all three behave, and the two PDs overshoot more.",
        ),
    ),
    (
        "spd-box",
        caption(
            "The target turns steadily about a tilted axis; watch the error plot for how far behind each law settles.",
            "In All settings, raise the target's turning speed and compare how far each law falls behind.",
        ),
    ),
    (
        "implicit-cube",
        caption(
            "Bloom's implicit PD at K = D = 1 and a 0.5 s time scale beside a forward PD with the same spring and damper.",
            "Under the plots, shorten the time scale of both: the implicit step stays calm where forward PD starts to ring.",
        ),
    ),
    (
        "derivative-kick",
        caption(
            "At 3 s the target jumps: the PID whose derivative reads the error kicks with a 1,200 N spike; the one reading the measurement does not.",
            "Open the force plot's legend and hide one PID at a time to compare the two spikes.",
        ),
    ),
    (
        "anti-windup",
        caption(
            "All three PIDs are clamped at 10 N: the one without anti-windup winds up and overshoots; compare how the two cures arrive.",
            "In All settings, raise the output limit to 40 N: the clamp lets go sooner and the windup shrinks.",
        ),
    ),
    (
        "snap",
        caption(
            "Both bodies start at rest the same distance away: the one with a minimum velocity lands, the other is still crawling.",
            "Set the minimum velocity to 0 and watch the two bodies crawl alike.",
        ),
    ),
    (
        "convergence",
        caption(
            "A curve on the dashed y = x line lands in exactly the time scale asked for; see how far each distance strays from it.",
            "Change the step dt or the minimum speed and watch how far the curves stray from y = x.",
        ),
    ),
    (
        "simpson",
        caption(
            "The last column is 1 where the printed weights are right and only the scale is off.",
            "Change the window and the sample spacing and watch which rows the printed weights get wrong.",
        ),
    ),
    (
        "pursuit",
        caption(
            "Missiles fly along their noses and can only turn; the walkers steer their velocity and face the goal on their own schedule.",
            "Click or drag in the arena to move the goal and watch each chaser turn toward it.",
        ),
    ),
    (
        "dive",
        caption(
            "Four generations of the article's submarine controller, ordered to the same pitch and roll on identical hulls.",
            "Add a steady load about the pitch axis: the proportional controller settles short of the ordered pitch.",
        ),
    ),
    (
        "tumble",
        caption(
            "Spun about its middle axis, a free plate flips; without the gyroscopic term it spins on undisturbed, which no real body does.",
            "Press Nudge now, then raise the spin: compare the explicit and the implicit gyroscopic term.",
        ),
    ),
    (
        "atlas",
        caption(
            "Stiffness up, damping right: dark is fast and calm, light is slow, red is unstable, for every law and integrator.",
            "Move the cursor with the arrow keys into the red of forward PD and read its poles leave the unit circle.",
        ),
    ),
    (
        "claims",
        caption(
            "Every checkable claim, the figure the core measures for it, and the verdict that figure supports.",
            "Read the conditions column: it says where a claim that holds in part stops holding.",
        ),
    ),
    (
        "translator",
        caption(
            "One intent, each engine's parameters for it, and what each engine's own step makes of them.",
            "Change the engine step or the mass and watch which engines drift from the motion you asked for.",
        ),
    ),
    (
        "trace",
        caption(
            "A trace pasted or dropped in, the spring it moves as, the engine settings or Lab law whose run lies on it, and the numbers for the motion wanted.",
            "Press Explain with the engine set to none, then to Jolt: the first reads a spring, the second says why it stopped short.",
        ),
    ),
    (
        "orientation",
        caption(
            "Each drive turning the same body to one target: the bodies, the path of the long axis on a sphere against the shortest one, and the angle still to go.",
            "Turn the target past 180 degrees and watch which way round each drive goes.",
        ),
    ),
    (
        "arm",
        caption(
            "Each arm lifts from hanging toward the faint pose: the laws blind to its weight stop short, gravity compensation lands, the PID creeps in.",
            "Raise kd to 10: PD, PD with gravity and the PID blow up within a fifth of a second; both SPDs, which damp implicitly, hold.",
        ),
    ),
    (
        "arm-breaking",
        caption(
            "Each cell is the stiffness at which that law first blows up at that rate; \"held\" means it held to 1e6 N m/rad.",
            "Lower the damping to kd = kp dt, the paper's rule: even SPD with the mass matrix breaks under semi-implicit Euler.",
        ),
    ),
    (
        "arm-map",
        caption(
            "Each cell is one kp and kd on every joint: dark, a small error about the rest pose dies fast; red, it grows; the ring marks the arm figure's gains.",
            "Pick SPD per joint, then SPD with the mass matrix: the first turns red past a few hundred N m/rad at 60 Hz; the second holds while kd keeps pace.",
        ),
    ),
    (
        "arm-sag",
        caption(
            "Each curve is how far a law's joint rests short of its target at that kp; dashed, the weight's torque at the pose over kp.",
            "At kp 50 the shoulder rests 0.37 rad low under PD, not the rule's 0.30: the sagging arm pulls harder. SPD per joint: 0.41.",
        ),
    ),
    (
        "arm-tune",
        caption(
            "Each row is a law or an engine's drive on the arm: the gains that meet the wish with the least torque, or the closest miss.",
            "Ask for a settle within 1 s at 60 Hz: SPD with the mass matrix meets it; PD per joint blows up before its springs hold the weight.",
        ),
    ),
];

/// The caption of the figure with this id, if it is a figure.
pub fn figure_caption(id: &str) -> Option<Caption> {
    CAPTIONS.iter().find(|(k, _)| *k == id).map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::super::registry::registry;
    use super::*;

    #[test]
    fn every_figure_has_one_caption_and_only_figures_do() {
        let all = registry();
        for p in &all {
            assert_eq!(
                figure_caption(p.id).is_some(),
                p.kind.is_figure(),
                "{}",
                p.id
            );
        }
        for (i, (id, c)) in CAPTIONS.iter().enumerate() {
            assert!(
                all.iter().any(|p| p.id == *id),
                "caption for no figure: {id}"
            );
            assert!(CAPTIONS[..i].iter().all(|(k, _)| k != id), "{id} twice");
            // One sentence each, short enough to read before the figure moves.
            for line in [c.look, c.try_this] {
                assert!(line.len() > 20 && line.len() < 160, "{id}: {line}");
                assert!(line.ends_with('.'), "{id}: {line}");
            }
        }
    }
}
