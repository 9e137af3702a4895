//! The 26 data types of cast_value: their widths and which patterns are NaN (the one fact the
//! comparison needs beyond the bits; the same table as the oracle's `oracle/data_type.cpp`).

use std::fmt;

/// How a float type spends its special patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Specials {
    /// An integer type: no NaN.
    Integer,
    /// Exponent all ones: infinity (significand 0) or NaN (significand not 0).
    Ieee,
    /// "fn": every pattern is a finite number.
    FiniteNoNan,
    /// "fnuz": the negative-zero pattern 0b1000... is the only NaN.
    NanAtNegativeZero,
    /// "fnu" (float8_e8m0fnu): all ones is the only NaN.
    AllOnesNan,
}

/// One of the 26 data types, by name (`DataType::from_name("float16")`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DataType {
    name: &'static str,
    bits: u32,
    significand_bits: u32,
    specials: Specials,
}

const fn integer(name: &'static str, bits: u32) -> DataType {
    DataType {
        name,
        bits,
        significand_bits: 0,
        specials: Specials::Integer,
    }
}

const fn float(
    name: &'static str,
    bits: u32,
    significand_bits: u32,
    specials: Specials,
) -> DataType {
    DataType {
        name,
        bits,
        significand_bits,
        specials,
    }
}

/// Every data type, in the order of the vectors' notes and the oracle's table.
pub const DATA_TYPES: [DataType; 26] = [
    integer("int2", 2),
    integer("int4", 4),
    integer("int8", 8),
    integer("int16", 16),
    integer("int32", 32),
    integer("int64", 64),
    integer("uint2", 2),
    integer("uint4", 4),
    integer("uint8", 8),
    integer("uint16", 16),
    integer("uint32", 32),
    integer("uint64", 64),
    float("float4_e2m1fn", 4, 1, Specials::FiniteNoNan),
    float("float6_e2m3fn", 6, 3, Specials::FiniteNoNan),
    float("float6_e3m2fn", 6, 2, Specials::FiniteNoNan),
    float("float8_e3m4", 8, 4, Specials::Ieee),
    float("float8_e4m3", 8, 3, Specials::Ieee),
    float("float8_e4m3b11fnuz", 8, 3, Specials::NanAtNegativeZero),
    float("float8_e4m3fnuz", 8, 3, Specials::NanAtNegativeZero),
    float("float8_e5m2", 8, 2, Specials::Ieee),
    float("float8_e5m2fnuz", 8, 2, Specials::NanAtNegativeZero),
    float("float8_e8m0fnu", 8, 0, Specials::AllOnesNan),
    float("bfloat16", 16, 7, Specials::Ieee),
    float("float16", 16, 10, Specials::Ieee),
    float("float32", 32, 23, Specials::Ieee),
    float("float64", 64, 52, Specials::Ieee),
];

impl DataType {
    /// The type of this name, or None for a name outside the 26.
    pub fn from_name(name: &str) -> Option<DataType> {
        DATA_TYPES.iter().copied().find(|t| t.name == name)
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The type's width in bits (a sub-byte type sits in the low bits of its byte).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Storage bytes per element: `ceil(bits / 8)`.
    pub fn bytes(&self) -> usize {
        self.bits.div_ceil(8) as usize
    }

    pub fn is_float(&self) -> bool {
        self.specials != Specials::Integer
    }

    pub fn has_nan(&self) -> bool {
        !matches!(self.specials, Specials::Integer | Specials::FiniteNoNan)
    }

    /// Whether the pattern is a NaN of this type (any sign, any payload).
    pub fn is_nan(&self, bits: u64) -> bool {
        let sign = 1u64 << (self.bits - 1);
        match self.specials {
            Specials::Integer | Specials::FiniteNoNan => false,
            Specials::Ieee => {
                let significand = (1u64 << self.significand_bits) - 1;
                let exponent = (sign - 1) & !significand;
                bits & exponent == exponent && bits & significand != 0
            }
            Specials::NanAtNegativeZero => bits == sign,
            Specials::AllOnesNan => bits == 0xff,
        }
    }

    /// The largest pattern the type's width holds (bits above it must be zero).
    pub fn mask(&self) -> u64 {
        if self.bits == 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        }
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl fmt::Debug for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::DataType;

    fn t(name: &str) -> DataType {
        DataType::from_name(name).unwrap()
    }

    #[test]
    fn nan_patterns() {
        assert!(t("float16").is_nan(0x7e00) && t("float16").is_nan(0xfc01));
        assert!(!t("float16").is_nan(0x7c00) && !t("float16").is_nan(0x3c00));
        assert!(
            t("float64").is_nan(0x7ff0_0000_0000_0001)
                && !t("float64").is_nan(0xfff0_0000_0000_0000)
        );
        assert!(t("bfloat16").is_nan(0xffc1) && !t("bfloat16").is_nan(0xff80));
        assert!(t("float8_e4m3fnuz").is_nan(0x80) && !t("float8_e4m3fnuz").is_nan(0x7f));
        assert!(t("float8_e8m0fnu").is_nan(0xff) && !t("float8_e8m0fnu").is_nan(0x7f));
        assert!(t("float8_e5m2").is_nan(0x7d) && !t("float8_e5m2").is_nan(0x7c));
        assert!(!t("float4_e2m1fn").has_nan() && !t("int8").is_nan(0x80));
        assert_eq!(t("float6_e2m3fn").bytes(), 1);
        assert!(DataType::from_name("bool").is_none());
    }
}
