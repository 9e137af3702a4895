//! Which cases a run takes: by family, data type involved, direction and rounding mode. Each
//! criterion left empty takes everything; several values of one criterion take any of them (as
//! `cvc run --family/--type/--direction` do).

use crate::data_type::DataType;
use crate::model::{Case, Group, Line};
use crate::names::{Direction, Family, Rounding};
use std::fmt;

#[derive(Clone, Debug, Default)]
pub struct Selection {
    families: Vec<Family>,
    data_types: Vec<DataType>,
    directions: Vec<Direction>,
    roundings: Vec<Rounding>,
}

impl Selection {
    /// Every case of the set.
    pub fn all() -> Selection {
        Selection::default()
    }

    pub fn family(mut self, family: Family) -> Selection {
        self.families.push(family);
        self
    }

    /// Cases involving this type: as input or output (cast, scalar_map, chain), as the array
    /// type or the first cast_value's data_type (metadata), as the group's type (scalars).
    pub fn data_type(mut self, data_type: DataType) -> Selection {
        self.data_types.push(data_type);
        self
    }

    pub fn direction(mut self, direction: Direction) -> Selection {
        self.directions.push(direction);
        self
    }

    /// Cases under this rounding mode. Only cast and scalar_map cases have one: a selection
    /// by rounding takes no chain, metadata or scalars case.
    pub fn rounding(mut self, rounding: Rounding) -> Selection {
        self.roundings.push(rounding);
        self
    }

    pub(crate) fn takes_family(&self, family: Family) -> bool {
        (self.families.is_empty() || self.families.contains(&family))
            && (self.roundings.is_empty() || matches!(family, Family::Cast | Family::ScalarMap))
    }

    pub(crate) fn takes_group(&self, group: &Group) -> bool {
        self.takes_family(group.family)
            && (self.directions.is_empty() || self.directions.contains(&group.direction))
    }

    pub(crate) fn takes_line(&self, group: &Group, line: &Line) -> bool {
        self.data_types.is_empty()
            || group
                .involved_types(line)
                .iter()
                .any(|name| self.data_types.iter().any(|t| t.name() == *name))
    }

    pub(crate) fn takes_case(&self, case: &Case) -> bool {
        self.roundings.is_empty()
            || case
                .configuration()
                .is_some_and(|configuration| self.roundings.contains(&configuration.rounding))
    }
}

/// "family cast; type float64 or float16; rounding nearest-even", or "every case": the filters,
/// as an error about the selection names them.
impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn criterion<T: fmt::Display>(name: &str, values: &[T]) -> Option<String> {
            let names: Vec<String> = values.iter().map(T::to_string).collect();
            (!names.is_empty()).then(|| format!("{name} {}", names.join(" or ")))
        }
        let criteria: Vec<String> = [
            criterion("family", &self.families),
            criterion("type", &self.data_types),
            criterion("direction", &self.directions),
            criterion("rounding", &self.roundings),
        ]
        .into_iter()
        .flatten()
        .collect();
        if criteria.is_empty() {
            f.write_str("every case")
        } else {
            f.write_str(&criteria.join("; "))
        }
    }
}
