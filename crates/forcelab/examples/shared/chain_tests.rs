//! The chain command's tuning flags: read into the wish, refused by name.
use super::*;

fn args(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn the_tuning_flags_make_the_wish() {
    let (s, _, engine) = parse(&args(
        "--tune --settle 1 --overshoot 0.05 --max-torque 900 --drives mass-matrix-spd,physx-drive --fastest --dt 0.01",
    ))
    .unwrap();
    assert_eq!(s.dt, 0.01);
    let Engine::Tune(wish, drives, objective) = engine else {
        panic!("not a tuning")
    };
    assert_eq!(
        wish,
        ArmWish {
            settle: Some(1.0),
            overshoot: Some(0.05),
            max_torque: Some(900.0),
        }
    );
    assert_eq!(
        drives.unwrap().iter().map(|d| d.id()).collect::<Vec<_>>(),
        ["mass-matrix-spd", "physx-drive"]
    );
    assert_eq!(objective, Objective::Fastest);
}

#[test]
fn a_bad_tuning_flag_is_named() {
    let err = |text: &str| parse(&args(text)).err().unwrap();
    assert!(err("--tune --settle x").starts_with("--settle"));
    assert!(err("--tune --max-torque").starts_with("--max-torque"));
    assert!(err("--tune --drives bullet").starts_with("--drives"));
    assert!(err("--settle 1").contains("need --tune"));
    assert!(err("--tune --physx drive").starts_with("--tune"));
}

#[test]
fn the_table_is_json_with_a_row_per_drive() {
    let spec = ArmTuneSpec {
        drives: vec![ArmDrive::Law(ChainLawId::MassMatrixSpd)],
        ..ArmTuneSpec::new(
            ArmSettings::default(),
            ArmWish {
                settle: Some(1.0),
                ..ArmWish::default()
            },
        )
    };
    let table = arm_tune::table(&tune_arm(&spec).unwrap());
    let v: serde_json::Value = serde_json::from_str(&table).unwrap();
    let row = &v[0];
    assert_eq!(row["drive"], "mass-matrix-spd");
    assert_eq!(row["meets"], true);
    assert_eq!(row["overshoot"].as_array().unwrap().len(), 2);
    assert!(row["kp"].as_f64().unwrap() > 0.0 && row["binding"].is_null());
    assert!(row["margins"]["maxTorque"].is_null());
}
