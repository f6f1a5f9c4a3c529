//! Article 001's demo as one scene: a forward-only missile and a free-moving entity
//! chase the same goal, either a point the reader moves or a loop of waypoints, each
//! turned by the same heading PID. A second missile can run the PID's window integral
//! as printed, so the page shows what the listing's `/ (3 dt)` does in flight.

use crate::body::Body2;
use crate::controllers::{HeadingController, Missile, MovingEntity, SteeringOutput};
use crate::error::{finite, positive, Error};
use glam::DVec2;

/// The settings of a [`Pursuit`]; every field has a default, so a page sends only what
/// the reader changed.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PursuitSettings {
    /// The heading PID and turn clamp both chasers use (its `pid.dt` is set to `dt`).
    pub heading: HeadingController,
    /// The missile's cruise speed, m/s.
    pub missile_speed: f64,
    /// The entity's top speed, m/s.
    pub entity_speed: f64,
    /// The entity's largest steering force, N.
    pub entity_force: f64,
    /// Within this distance (m) the entity slows down to arrive.
    pub arrive_radius: f64,
    /// A chaser this close (m) to its waypoint moves on to the next.
    pub waypoint_radius: f64,
    /// Physics step, s.
    pub dt: f64,
    /// Also runs a missile whose PID integrates as article 001 printed.
    pub with_printed_missile: bool,
}

impl Default for PursuitSettings {
    /// Article 001's heading PID at 60 Hz, a 6 m/s missile and a 5 m/s entity.
    fn default() -> Self {
        PursuitSettings {
            heading: HeadingController::default(),
            missile_speed: 6.0,
            entity_speed: 5.0,
            entity_force: 30.0,
            arrive_radius: 2.0,
            waypoint_radius: 1.0,
            dt: 1.0 / 60.0,
            with_printed_missile: false,
        }
    }
}

impl PursuitSettings {
    /// Checks every number; the error names the field and the value.
    pub fn validate(&self) -> Result<(), Error> {
        self.heading.validate()?;
        positive("missile_speed", self.missile_speed)?;
        positive("entity_speed", self.entity_speed)?;
        positive("entity_force", self.entity_force)?;
        positive("arrive_radius", self.arrive_radius)?;
        positive("waypoint_radius", self.waypoint_radius)?;
        positive("dt", self.dt)?;
        Ok(())
    }
}

/// What a chaser steers with: the missile or the entity.
#[derive(Clone, Debug, PartialEq)]
pub enum Steering {
    /// Moves only along its nose at constant speed.
    Missile(Missile),
    /// Steers its velocity at the goal and turns to face it.
    Entity(MovingEntity),
}

impl Steering {
    fn control(&mut self, body: &Body2, goal: DVec2, dt: f64) -> Result<SteeringOutput, Error> {
        match self {
            Steering::Missile(m) => m.control(body, goal, dt),
            Steering::Entity(e) => e.control(body, goal, dt),
        }
    }

    fn heading(&self) -> &HeadingController {
        match self {
            Steering::Missile(m) => &m.heading,
            Steering::Entity(e) => &e.heading,
        }
    }
}

/// One body chasing the goal, with its controller and the waypoint it heads for.
#[derive(Clone, Debug, PartialEq)]
pub struct Chaser {
    /// The body, 1 kg and 0.1 kg m^2.
    pub body: Body2,
    /// Its controller.
    pub steering: Steering,
    /// Index of the waypoint it heads for (unused when chasing a point).
    pub leg: usize,
    /// The force and torque of the last step.
    pub last: Option<SteeringOutput>,
    /// Waypoints reached so far.
    pub reached: usize,
}

impl Chaser {
    /// The last heading error, `actual - desired` (rad, wrapped to `(-pi, pi]`).
    pub fn heading_error(&self) -> f64 {
        self.steering.heading().last_error()
    }

    /// The torque applied in the last step (after the turn clamp), N m.
    pub fn torque(&self) -> f64 {
        self.last.map_or(0.0, |o| o.torque.total)
    }
}

/// The goal every chaser steers toward.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// A point (m), moved by the reader.
    Point(DVec2),
    /// A closed loop of waypoints (m), visited in order.
    Waypoints(Vec<DVec2>),
}

impl Goal {
    /// The point to head for on `leg` (the point itself for a point goal), m.
    pub fn at(&self, leg: usize) -> DVec2 {
        match self {
            Goal::Point(p) => *p,
            Goal::Waypoints(w) => w[leg % w.len()],
        }
    }
}

/// The default loop: a zig-zag across a 20 m by 12 m arena.
pub const WAYPOINTS: [[f64; 2]; 5] = [
    [-7.0, -4.0],
    [7.0, -4.0],
    [7.0, 4.0],
    [0.0, 0.0],
    [-7.0, 4.0],
];

/// Where every chaser starts, m, heading +x.
pub const START: [f64; 2] = [-8.0, 0.0];

/// The chase: chasers stepped in lockstep at the settings' `dt`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pursuit {
    /// The settings in force.
    pub settings: PursuitSettings,
    /// The goal.
    pub goal: Goal,
    /// The missile, the entity, then (if asked) the missile with the printed integral.
    pub chasers: Vec<Chaser>,
    /// Simulated time, s.
    pub time: f64,
}

impl Pursuit {
    /// Numbers per chaser in [`Pursuit::state_into`].
    pub const STRIDE: usize = 7;

    /// Writes, per chaser (missile, entity, printed missile if any), `[x, y, angle,
    /// goalX, goalY, headingError, torque]` (m, rad, N m) into `out`, replacing what it
    /// held; the heading error is `actual - desired`, wrapped. Reusing `out` keeps a
    /// page's per-frame read free of allocation.
    pub fn state_into(&self, out: &mut Vec<f64>) {
        out.clear();
        for (k, c) in self.chasers.iter().enumerate() {
            let goal = self.goal_of(k);
            let b = &c.body;
            out.extend([
                b.position.x,
                b.position.y,
                b.angle,
                goal.x,
                goal.y,
                c.heading_error(),
                c.torque(),
            ]);
        }
    }

    /// A chase from [`START`] toward `goal` with these settings.
    pub fn new(settings: PursuitSettings, goal: Goal) -> Result<Pursuit, Error> {
        settings.validate()?;
        check_goal(&goal)?;
        let mut heading = settings.heading.clone();
        heading.pid.dt = settings.dt;
        heading.pid.reset();
        let start = Body2 {
            position: DVec2::from(START),
            ..Body2::default()
        };
        let missile = |integral_as_printed| Chaser {
            body: Body2 {
                velocity: DVec2::new(settings.missile_speed, 0.0),
                ..start
            },
            steering: Steering::Missile(Missile {
                speed: settings.missile_speed,
                heading: HeadingController {
                    integral_as_printed,
                    ..heading.clone()
                },
            }),
            leg: 0,
            last: None,
            reached: 0,
        };
        let entity = Chaser {
            body: start,
            steering: Steering::Entity(MovingEntity {
                max_speed: settings.entity_speed,
                max_force: settings.entity_force,
                arrive_radius: settings.arrive_radius,
                heading: heading.clone(),
            }),
            leg: 0,
            last: None,
            reached: 0,
        };
        let mut chasers = vec![missile(false), entity];
        if settings.with_printed_missile {
            chasers.push(missile(true));
        }
        Ok(Pursuit {
            settings,
            goal,
            chasers,
            time: 0.0,
        })
    }

    /// Moves the point goal (m); a waypoint goal becomes this point.
    pub fn set_point(&mut self, point: DVec2) -> Result<(), Error> {
        finite("target.x", point.x)?;
        finite("target.y", point.y)?;
        self.goal = Goal::Point(point);
        Ok(())
    }

    /// Where chaser `k` heads now, m.
    pub fn goal_of(&self, k: usize) -> DVec2 {
        self.goal.at(self.chasers[k].leg)
    }

    /// Advances every chaser one step: each moves on to its next waypoint when within
    /// `waypoint_radius`, then steers toward its goal. A chaser whose body or law
    /// fails stops the step with that error, leaving the others' state as it was.
    pub fn step(&mut self) -> Result<(), Error> {
        let dt = self.settings.dt;
        let mut next = self.chasers.clone();
        for chaser in next.iter_mut() {
            if let Goal::Waypoints(w) = &self.goal {
                let close = (self.goal.at(chaser.leg) - chaser.body.position).length()
                    < self.settings.waypoint_radius;
                if close {
                    chaser.leg = (chaser.leg + 1) % w.len();
                    chaser.reached += 1;
                }
            }
            let goal = self.goal.at(chaser.leg);
            let out = chaser.steering.control(&chaser.body, goal, dt)?;
            chaser.body.step(out.force, out.torque.total, dt)?;
            chaser.last = Some(out);
        }
        self.chasers = next;
        self.time += dt;
        Ok(())
    }
}

fn check_goal(goal: &Goal) -> Result<(), Error> {
    match goal {
        Goal::Point(p) => {
            finite("target.x", p.x)?;
            finite("target.y", p.y)?;
        }
        Goal::Waypoints(w) => {
            positive("waypoints.len", w.len() as f64)?;
            for p in w {
                finite("waypoint.x", p.x)?;
                finite("waypoint.y", p.y)?;
            }
        }
    }
    Ok(())
}

/// The default waypoint loop as a goal.
pub fn default_waypoints() -> Goal {
    Goal::Waypoints(WAYPOINTS.iter().map(|&p| DVec2::from(p)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ALGEBRA_TOL;

    fn run(settings: PursuitSettings, goal: Goal, seconds: f64) -> Pursuit {
        let mut p = Pursuit::new(settings, goal).unwrap();
        while p.time < seconds {
            p.step().unwrap();
        }
        p
    }

    #[test]
    fn both_chasers_go_round_the_waypoint_loop() {
        let p = run(PursuitSettings::default(), default_waypoints(), 30.0);
        for c in &p.chasers {
            assert!(
                c.reached >= WAYPOINTS.len(),
                "reached {} waypoints",
                c.reached
            );
        }
    }

    #[test]
    fn the_entity_arrives_at_a_point_and_the_missile_keeps_circling() {
        let goal = Goal::Point(DVec2::new(4.0, 2.0));
        let p = run(PursuitSettings::default(), goal, 15.0);
        let (missile, entity) = (&p.chasers[0], &p.chasers[1]);
        assert!((entity.body.position - DVec2::new(4.0, 2.0)).length() < 0.05);
        assert!(entity.body.velocity.length() < 0.05);
        // The missile cannot stop: its speed stays the cruise speed.
        assert!((missile.body.velocity.length() - 6.0).abs() < ALGEBRA_TOL);
    }

    #[test]
    fn a_tighter_turn_clamp_widens_the_missile_path() {
        // Farthest the missile strays from the loop's bounding box, m.
        let stray = |max_angular_acceleration: f64| {
            let mut settings = PursuitSettings::default();
            settings.heading.max_angular_acceleration = max_angular_acceleration;
            let mut p = Pursuit::new(settings, default_waypoints()).unwrap();
            let mut worst: f64 = 0.0;
            while p.time < 20.0 {
                p.step().unwrap();
                let b = p.chasers[0].body.position;
                worst = worst.max((b.x.abs() - 7.0).max(b.y.abs() - 4.0));
            }
            worst
        };
        let (loose, tight) = (stray(60.0), stray(4.0));
        assert!(tight > loose + 0.5, "clamped {tight} m vs free {loose} m");
    }

    #[test]
    fn the_printed_integral_makes_the_missile_worse() {
        let settings = PursuitSettings {
            with_printed_missile: true,
            ..PursuitSettings::default()
        };
        let mut p = Pursuit::new(settings, default_waypoints()).unwrap();
        let (mut corrected, mut printed) = (0.0, 0.0);
        while p.time < 20.0 {
            p.step().unwrap();
            corrected += p.chasers[0].heading_error().abs();
            printed += p.chasers[2].heading_error().abs();
        }
        assert_eq!(p.chasers.len(), 3);
        assert!(
            printed > 1.5 * corrected,
            "printed {printed} vs corrected {corrected}"
        );
    }

    #[test]
    fn bad_settings_name_the_field() {
        let settings = PursuitSettings {
            missile_speed: -1.0,
            ..PursuitSettings::default()
        };
        let err = Pursuit::new(settings, default_waypoints()).unwrap_err();
        assert_eq!(err.field(), "missile_speed");
        let mut p = Pursuit::new(PursuitSettings::default(), default_waypoints()).unwrap();
        assert_eq!(
            p.set_point(DVec2::new(f64::NAN, 0.0)).unwrap_err().field(),
            "target.x"
        );
        assert!(Pursuit::new(PursuitSettings::default(), Goal::Waypoints(vec![])).is_err());
    }
}
