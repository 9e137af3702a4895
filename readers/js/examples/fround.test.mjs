// node --test fround.test.mjs   (CAST_VALUE_VECTORS: the vector folder, default ./vectors)
// Checks JavaScript's Math.fround as cast_value's encode float64 -> float32, nearest-even.
import { ERROR, UNSUPPORTED, openVectors, patternToValue, registerTests, valueToPattern } from "cast-value-vectors";

const vectors = openVectors(process.env.CAST_VALUE_VECTORS ?? "vectors");
registerTests(vectors, {
  selection: { family: "cast", direction: "encode", inputType: "float64", outputType: "float32", rounding: "nearest-even" },
  run(c) {
    if (c.configuration.out_of_range !== undefined) return UNSUPPORTED; // fround neither clamps nor wraps
    const x = patternToValue("float64", c.input);
    const y = Math.fround(x);
    if (Number.isFinite(x) && !Number.isFinite(y)) return ERROR; // out of range: cast_value refuses
    return valueToPattern("float32", y);
  },
  countsPath: process.env.COUNTS, // {totals, cells, ...} as JSON
});
