/// The bodies a law can drive in the Lab: a 1-D cube (force on position), a 2-D plate
/// (force on position and torque on heading) and a 3-D box (torque on orientation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum PlantId {
    /// A cube on a line, id `"cube"`.
    Cube,
    /// A plate in the plane, id `"plate"`.
    Plate,
    /// A box in space, id `"box"`.
    Box,
}

/// A coordinate of a body beyond its response, as the page plots it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Coordinate {
    /// Its name on a plot's axis.
    pub name: &'static str,
    /// Its unit.
    pub unit: &'static str,
    /// Where it sits among a body's pose values.
    pub pose_index: usize,
    /// Whether the laws drive it to the Lab's target (else to 0).
    pub follows_target: bool,
}

impl Coordinate {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: crate::schema::TsType = crate::schema::TsType {
        name: "Coordinate",
        rust: "catalogue::Coordinate",
        doc: "A coordinate of a body beside its response",
        fields: &[
            crate::schema::field("name", "string", ""),
            crate::schema::field("unit", "string", ""),
            crate::schema::field("poseIndex", "number", "Where it is in the body's pose."),
            crate::schema::field(
                "followsTarget",
                "boolean",
                "Whether the target is plotted beside it.",
            ),
        ],
    };
}

impl PlantId {
    /// Every plant, in menu order.
    pub const ALL: [PlantId; 3] = [PlantId::Cube, PlantId::Plate, PlantId::Box];

    /// The stable identifier (`"cube"`, `"plate"`, `"box"`).
    pub fn id(self) -> &'static str {
        match self {
            PlantId::Cube => "cube",
            PlantId::Plate => "plate",
            PlantId::Box => "box",
        }
    }

    /// The plant with identifier `id`, if any.
    pub fn from_id(id: &str) -> Option<PlantId> {
        PlantId::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The plant with identifier `id`, or the sentence naming the field `plant`, the
    /// value and the choices.
    pub fn parse(id: &str) -> Result<PlantId, String> {
        PlantId::from_id(id)
            .ok_or_else(|| crate::error::not_one_of("plant", id, PlantId::ALL.map(PlantId::id)))
    }

    /// The unit of the coordinate the Lab reads as its response: `"rad"` for the box's
    /// turn, `"m"` for the cube and the plate.
    pub fn unit(self) -> &'static str {
        match self {
            PlantId::Box => "rad",
            PlantId::Cube | PlantId::Plate => "m",
        }
    }

    /// The name of the coordinate the Lab reads as its response, for a plot's axis:
    /// the cube's position, the plate's x, the box's turn about its tilted axis.
    pub fn coordinate(self) -> &'static str {
        match self {
            PlantId::Cube => "position",
            PlantId::Plate => "x position",
            PlantId::Box => "turn about the tilted axis",
        }
    }

    /// The body's other coordinates, each read from its pose ([`crate::lab::Plant::pose`])
    /// and plotted beside the response: the plate's y (held at 0) and heading (turned to
    /// the target, in rad). The box has none: it turns about one fixed axis, its
    /// response (the turn) is its coordinate, and its orientation is drawn whole.
    pub fn other_coordinates(self) -> &'static [Coordinate] {
        match self {
            PlantId::Cube | PlantId::Box => &[],
            PlantId::Plate => &[
                Coordinate {
                    name: "y position",
                    unit: "m",
                    pose_index: 1,
                    follows_target: false,
                },
                Coordinate {
                    name: "heading",
                    unit: "rad",
                    pose_index: 2,
                    follows_target: true,
                },
            ],
        }
    }

    /// What its law's effort is (`"torque"` on the box, `"force"` otherwise) and its unit
    /// (`"N·m"`, `"N"`).
    pub fn effort(self) -> (&'static str, &'static str) {
        match self {
            PlantId::Box => ("torque", "N·m"),
            PlantId::Cube | PlantId::Plate => ("force", "N"),
        }
    }

    /// Its name on the page.
    pub fn label(self) -> &'static str {
        match self {
            PlantId::Cube => "1-D cube",
            PlantId::Plate => "2-D plate",
            PlantId::Box => "3-D box",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ids_are_refused() {
        for p in PlantId::ALL {
            assert_eq!(PlantId::from_id(p.id()), Some(p));
        }
        assert_eq!(PlantId::from_id("sphere"), None);
        assert_eq!(PlantId::parse("box"), Ok(PlantId::Box));
        assert_eq!(
            PlantId::parse("sphere"),
            Err("plant must be one of cube, plate, box, got \"sphere\"".to_string())
        );
        assert_eq!(PlantId::Box.label(), "3-D box");
        assert_eq!(
            (PlantId::Box.unit(), PlantId::Box.effort()),
            ("rad", ("torque", "N·m"))
        );
        assert_eq!(
            (PlantId::Plate.unit(), PlantId::Plate.effort()),
            ("m", ("force", "N"))
        );
    }

    /// The response plot's axis names what each plant's Lab reads (the page's "position
    /// (m)" comes from here): a blank or another plant's name would mislabel every figure.
    #[test]
    fn each_plant_names_the_coordinate_its_response_plot_shows() {
        let named = PlantId::ALL.map(|p| (p.id(), p.coordinate(), p.unit()));
        assert_eq!(
            named,
            [
                ("cube", "position", "m"),
                ("plate", "x position", "m"),
                ("box", "turn about the tilted axis", "rad"),
            ]
        );
    }
}
