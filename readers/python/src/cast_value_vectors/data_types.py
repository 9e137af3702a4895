"""The 26 data types of cast_value: what the reader needs of them (width, and which patterns are
NaN, for the comparison rule "any NaN matches any NaN"). The table follows the oracle's
(oracle/data_type.cpp)."""
from __future__ import annotations

from dataclasses import dataclass

# How a float type spends its special patterns (the oracle's `Specials`).
IEEE = "ieee"  # infinities and NaNs at exponent all ones
FINITE_NO_NAN = "finite-no-nan"  # float4/float6: every pattern is a number
NAN_AT_NEGATIVE_ZERO = "nan-at-negative-zero"  # fnuz: the one NaN is 0b1000...0
UNSIGNED_NO_ZERO = "unsigned-no-zero"  # float8_e8m0fnu: the one NaN is all ones


@dataclass(frozen=True)
class DataType:
    name: str
    bits: int
    signed: bool = False  # integers only
    exponent_bits: int = 0  # floats only
    mantissa_bits: int = 0
    specials: str | None = None  # floats only: one of the constants above

    @property
    def is_float(self) -> bool:
        return self.specials is not None

    @property
    def storage_bytes(self) -> int:
        return (self.bits + 7) // 8

    @property
    def has_nan(self) -> bool:
        return self.is_float and self.specials != FINITE_NO_NAN

    def is_nan(self, bits: int) -> bool:
        if self.specials == IEEE:
            exponent = (bits >> self.mantissa_bits) & ((1 << self.exponent_bits) - 1)
            return exponent == (1 << self.exponent_bits) - 1 and bits & ((1 << self.mantissa_bits) - 1) != 0
        if self.specials == NAN_AT_NEGATIVE_ZERO:
            return bits == 1 << (self.bits - 1)
        if self.specials == UNSIGNED_NO_ZERO:
            return bits == (1 << self.bits) - 1
        return False


def _integer(name: str, bits: int, signed: bool) -> DataType:
    return DataType(name, bits, signed=signed)


def _float(name: str, bits: int, exponent_bits: int, mantissa_bits: int, specials: str) -> DataType:
    return DataType(name, bits, signed=specials != UNSIGNED_NO_ZERO, exponent_bits=exponent_bits,
                    mantissa_bits=mantissa_bits, specials=specials)


DATA_TYPES: dict[str, DataType] = {t.name: t for t in [
    *(_integer(f"int{n}", n, True) for n in (2, 4, 8, 16, 32, 64)),
    *(_integer(f"uint{n}", n, False) for n in (2, 4, 8, 16, 32, 64)),
    _float("float4_e2m1fn", 4, 2, 1, FINITE_NO_NAN),
    _float("float6_e2m3fn", 6, 2, 3, FINITE_NO_NAN),
    _float("float6_e3m2fn", 6, 3, 2, FINITE_NO_NAN),
    _float("float8_e3m4", 8, 3, 4, IEEE),
    _float("float8_e4m3", 8, 4, 3, IEEE),
    _float("float8_e4m3b11fnuz", 8, 4, 3, NAN_AT_NEGATIVE_ZERO),
    _float("float8_e4m3fnuz", 8, 4, 3, NAN_AT_NEGATIVE_ZERO),
    _float("float8_e5m2", 8, 5, 2, IEEE),
    _float("float8_e5m2fnuz", 8, 5, 2, NAN_AT_NEGATIVE_ZERO),
    _float("float8_e8m0fnu", 8, 8, 0, UNSIGNED_NO_ZERO),
    _float("bfloat16", 16, 8, 7, IEEE),
    _float("float16", 16, 5, 10, IEEE),
    _float("float32", 32, 8, 23, IEEE),
    _float("float64", 64, 11, 52, IEEE),
]}


def data_type(name: str) -> DataType:
    """The data type of that name; KeyError naming it when it is not one of the 26."""
    try:
        return DATA_TYPES[name]
    except KeyError:
        raise KeyError(f"{name!r} is not one of the 26 cast_value data types") from None


def type_name(value) -> str | None:
    """The name of a data_type as array metadata holds it: "float32" or {"name": "float32"}."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        return value["name"]
    return None
