//! The README's "Use it in your code" example for Rust, kept compiling and run by
//! `npm run pack` (`cargo run -p forcelab --example use_it`).
use forcelab::lab::{Disturbances, Lab1};
use forcelab::{Controller1, Integrator, LawId};

fn main() -> Result<(), forcelab::Error> {
    let (mass, dt) = (1.0, 1.0 / 60.0);
    let spd = Controller1::new(LawId::Spd, 400.0, 40.0, mass)?;
    let pd = Controller1::new(LawId::ForwardPd, 400.0, 40.0, mass)?;
    let mut lab = Lab1::new(
        vec![spd, pd],
        mass,
        dt,
        Integrator::SemiImplicitEuler,
        Disturbances::default(),
    )?;
    lab.step(120); // two seconds; the target sits at 1 m
    let last = &lab.trace().x[lab.trace().x.len() - 2..];
    println!("after 2 s: SPD at {:.6} m, PD at {:.6} m", last[0], last[1]);
    Ok(())
}
