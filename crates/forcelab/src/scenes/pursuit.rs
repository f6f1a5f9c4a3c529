//! Article 001's demo as one scene: a forward-only missile and a free-moving entity
//! chase the same goal, either a point the reader moves or a loop of waypoints, each
//! turned by the same heading PID. A second missile can run the PID's window integral
//! as printed, so the page shows what the listing's `/ (3 dt)` does in flight.

use super::schedule::{check_at, fires, from_the_start};
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
    /// When the target jumps, s (none: never): a point goal moves to the far side of
    /// the arena, `(-x, -y)`; on the waypoint loop each chaser's waypoint moves half the
    /// loop on.
    pub jump_at: Option<f64>,
    /// When a sideswipe hits every chaser, s (none: never).
    pub sideswipe_at: Option<f64>,
    /// The sideswipe's spin, rad/s, added to each chaser's angular velocity: its nose
    /// is knocked off course and its heading PID must bring it back.
    pub sideswipe: f64,
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
            jump_at: None,
            sideswipe_at: None,
            sideswipe: 4.0,
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
        check_at("jump_at", self.jump_at)?;
        check_at("sideswipe_at", self.sideswipe_at)?;
        finite("sideswipe", self.sideswipe)?;
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
    /// Steps taken.
    pub steps: u64,
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
            steps: 0,
        })
    }

    /// Puts `settings` in force mid-run: every chaser stays where it is and each PID
    /// keeps its memory, while the gains, window, turn limit, speeds and the scheduled
    /// disturbances change. The step and the printed missile can change only from the
    /// start (refused by name, the settings in force kept).
    pub fn retune(&mut self, settings: PursuitSettings) -> Result<(), Error> {
        settings.validate()?;
        if settings.dt != self.settings.dt {
            return Err(from_the_start("dt"));
        }
        if settings.with_printed_missile != self.settings.with_printed_missile {
            return Err(from_the_start("with_printed_missile"));
        }
        let retune = |h: &mut HeadingController| {
            let new = &settings.heading;
            h.pid.kp = new.pid.kp;
            h.pid.ki = new.pid.ki;
            h.pid.kd = new.pid.kd;
            h.pid.plant_gain = new.pid.plant_gain;
            h.pid.window = new.pid.window;
            h.max_angular_acceleration = new.max_angular_acceleration;
        };
        for chaser in &mut self.chasers {
            match &mut chaser.steering {
                Steering::Missile(m) => {
                    m.speed = settings.missile_speed;
                    retune(&mut m.heading);
                }
                Steering::Entity(e) => {
                    e.max_speed = settings.entity_speed;
                    e.max_force = settings.entity_force;
                    e.arrive_radius = settings.arrive_radius;
                    retune(&mut e.heading);
                }
            }
        }
        self.settings = settings;
        Ok(())
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
        let jump = fires(self.settings.jump_at, self.steps, dt);
        // A jumping point goal moves to the far side; it is kept only if the step succeeds
        // (the waypoint loop is not copied every step).
        let jumped = match (&self.goal, jump) {
            (Goal::Point(p), true) => Some(-*p),
            _ => None,
        };
        let goal_at = |leg: usize| jumped.unwrap_or_else(|| self.goal.at(leg));
        let swipe = fires(self.settings.sideswipe_at, self.steps, dt);
        for chaser in next.iter_mut() {
            if let Goal::Waypoints(w) = &self.goal {
                if jump {
                    chaser.leg = (chaser.leg + w.len() / 2) % w.len();
                }
                let close = (goal_at(chaser.leg) - chaser.body.position).length()
                    < self.settings.waypoint_radius;
                if close {
                    chaser.leg = (chaser.leg + 1) % w.len();
                    chaser.reached += 1;
                }
            }
            if swipe {
                chaser.body.angular_velocity += self.settings.sideswipe;
            }
            let goal = goal_at(chaser.leg);
            let out = chaser.steering.control(&chaser.body, goal, dt)?;
            chaser.body.step(out.force, out.torque.total, dt)?;
            chaser.last = Some(out);
        }
        self.chasers = next;
        if let Some(p) = jumped {
            self.goal = Goal::Point(p);
        }
        self.time += dt;
        self.steps += 1;
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
#[path = "pursuit_tests.rs"]
mod tests;
