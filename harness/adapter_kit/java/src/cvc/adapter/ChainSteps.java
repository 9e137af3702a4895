package cvc.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The steps of a chain request (PROTOCOL.md, "Chain") in encode order, with the data type before
 * and after each: cast_value changes the type to its data_type, numcodecs.fixedscaleoffset to its
 * astype (a numpy type string such as "<f8" or "u1"), scale_offset and transpose keep it.
 */
public final class ChainSteps {
  private ChainSteps() {}

  /** The array -> array codecs a chain may hold. */
  public static final List<String> CODECS =
      List.of("cast_value", "scale_offset", "transpose", "numcodecs.fixedscaleoffset");

  /** One codec of a chain and the types it takes and gives when encoding. */
  public record Step(String codec, Object before, Object after, Map<?, ?> configuration) {}

  private static final Map<String, String> NUMPY_TYPE_CODES = Map.ofEntries(
      Map.entry("i1", "int8"), Map.entry("i2", "int16"), Map.entry("i4", "int32"),
      Map.entry("i8", "int64"), Map.entry("u1", "uint8"), Map.entry("u2", "uint16"),
      Map.entry("u4", "uint32"), Map.entry("u8", "uint64"), Map.entry("f2", "float16"),
      Map.entry("f4", "float32"), Map.entry("f8", "float64"));

  /** The steps of `codecs` on an array of `arrayType`; IllegalArgumentException naming a bad one. */
  public static List<Step> of(String arrayType, Object codecs) {
    if (!(codecs instanceof List<?> list)) {
      throw new IllegalArgumentException("codecs must be a list, not " + Json.write(codecs));
    }
    List<Step> steps = new ArrayList<>();
    Object current = arrayType;
    for (int k = 0; k < list.size(); k++) {
      Object name = list.get(k) instanceof Map<?, ?> codec ? codec.get("name") : null;
      if (!CODECS.contains(name)) {
        throw new IllegalArgumentException("codecs[" + k + "]: " + Json.write(name)
            + " is not an array -> array codec of a chain (" + String.join(", ", CODECS) + ")");
      }
      Map<?, ?> configuration = ((Map<?, ?>) list.get(k)).get("configuration") instanceof Map<?, ?> c
          ? c : Map.of();
      Object after = current;
      if (name.equals("cast_value")) {
        after = DataTypes.nameOf(configuration.get("data_type"));
      } else if (name.equals("numcodecs.fixedscaleoffset")) {
        Object astype = configuration.containsKey("astype") ? configuration.get("astype")
                                                             : configuration.get("dtype");
        String code = String.valueOf(astype).replaceFirst("^[<>=|]", "");
        after = NUMPY_TYPE_CODES.getOrDefault(code, String.valueOf(astype));
      }
      steps.add(new Step((String) name, current, after, configuration));
      current = after;
    }
    return steps;
  }
}
