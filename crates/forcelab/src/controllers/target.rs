use crate::error::{finite, Error};

/// Where a 1-D body should be: position `x` (m) and velocity `v` (m/s).
///
/// A target moving at constant velocity is `x(t) = x0 + v t`; controllers that look one
/// step ahead predict it as `x + v dt`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Target1 {
    /// Target position, m.
    pub x: f64,
    /// Target velocity, m/s.
    pub v: f64,
}

impl Target1 {
    /// A target at rest at `x`.
    pub fn at(x: f64) -> Target1 {
        Target1 { x, v: 0.0 }
    }

    /// Checks that both values are finite.
    pub fn validate(&self) -> Result<(), Error> {
        finite("target.x", self.x)?;
        finite("target.v", self.v)?;
        Ok(())
    }
}

/// Where a 2-D body should be: position (m), angle (rad), and their rates.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Target2 {
    /// Target position, m.
    pub position: glam::DVec2,
    /// Target angle, rad.
    pub angle: f64,
    /// Target velocity, m/s.
    pub velocity: glam::DVec2,
    /// Target angular velocity, rad/s.
    pub angular_velocity: f64,
}

impl Target2 {
    /// Checks that every value is finite.
    pub fn validate(&self) -> Result<(), Error> {
        finite("target.position", self.position.x)?;
        finite("target.position", self.position.y)?;
        finite("target.angle", self.angle)?;
        finite("target.velocity", self.velocity.x)?;
        finite("target.velocity", self.velocity.y)?;
        finite("target.angular_velocity", self.angular_velocity)?;
        Ok(())
    }
}

/// Where a 3-D body should be: position (m), orientation (unit quaternion), velocity
/// (m/s) and world angular velocity (rad/s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target3 {
    /// Target position, m.
    pub position: glam::DVec3,
    /// Target orientation, body to world.
    pub orientation: glam::DQuat,
    /// Target velocity, m/s.
    pub velocity: glam::DVec3,
    /// Target angular velocity (world frame), rad/s.
    pub angular_velocity: glam::DVec3,
}

impl Default for Target3 {
    /// At the origin, identity orientation, at rest.
    fn default() -> Self {
        Target3 {
            position: glam::DVec3::ZERO,
            orientation: glam::DQuat::IDENTITY,
            velocity: glam::DVec3::ZERO,
            angular_velocity: glam::DVec3::ZERO,
        }
    }
}

impl Target3 {
    /// A target at rest with orientation `q`.
    pub fn facing(q: glam::DQuat) -> Target3 {
        Target3 {
            orientation: q,
            ..Target3::default()
        }
    }

    /// Checks finiteness and that the orientation is a unit quaternion.
    pub fn validate(&self) -> Result<(), Error> {
        for c in self.position.to_array() {
            finite("target.position", c)?;
        }
        for c in self.velocity.to_array() {
            finite("target.velocity", c)?;
        }
        for c in self.angular_velocity.to_array() {
            finite("target.angular_velocity", c)?;
        }
        for c in self.orientation.to_array() {
            finite("target.orientation", c)?;
        }
        if crate::rotation::unit_error(self.orientation) > crate::body::UNIT_TOLERANCE {
            return Err(Error::NotUnit {
                field: "target.orientation",
                length: self.orientation.length(),
            });
        }
        Ok(())
    }
}
