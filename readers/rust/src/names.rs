//! The vectors' small vocabularies: families, directions, rounding modes, out_of_range rules.

use std::fmt;

macro_rules! named_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vdoc])* $variant),+ }

        impl $name {
            /// Every value, in the vectors' order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name the vectors write.
            pub fn name(&self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The value of this name, or None.
            pub fn from_name(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum!(
    /// A vector family: the kind of file a case comes from.
    Family {
        Cast = "cast",
        ScalarMap = "scalar_map",
        Chain = "chain",
        Metadata = "metadata",
        Scalars = "scalars",
    }
);

named_enum!(
    /// What a case asks of the implementation. `cvc run` names metadata cases "validate";
    /// scalars cases (a JSON scalar and the bits it denotes) are "parse".
    Direction {
        Encode = "encode",
        Decode = "decode",
        Validate = "validate",
        Parse = "parse",
    }
);

named_enum!(
    /// The spec's five rounding modes; a configuration without `rounding` means nearest-even.
    Rounding {
        NearestEven = "nearest-even",
        TowardsZero = "towards-zero",
        TowardsPositive = "towards-positive",
        TowardsNegative = "towards-negative",
        NearestAway = "nearest-away",
    }
);

named_enum!(
    /// An `out_of_range` rule; a configuration without one has none (an out-of-range value is
    /// an error).
    OutOfRange {
        Clamp = "clamp",
        Wrap = "wrap",
    }
);
