package cvc.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The 26 data types of the suite and their widths in bits (oracle/data_type.hpp order). */
public final class DataTypes {
  private DataTypes() {}

  /** Name -> width in bits; the one table of type facts in this kit. */
  public static final Map<String, Integer> BITS;

  static {
    Map<String, Integer> bits = new LinkedHashMap<>();
    Object[] table = {
      "int2", 2, "int4", 4, "int8", 8, "int16", 16, "int32", 32, "int64", 64,
      "uint2", 2, "uint4", 4, "uint8", 8, "uint16", 16, "uint32", 32, "uint64", 64,
      "float4_e2m1fn", 4, "float6_e2m3fn", 6, "float6_e3m2fn", 6,
      "float8_e3m4", 8, "float8_e4m3", 8, "float8_e4m3b11fnuz", 8, "float8_e4m3fnuz", 8,
      "float8_e5m2", 8, "float8_e5m2fnuz", 8, "float8_e8m0fnu", 8,
      "bfloat16", 16, "float16", 16, "float32", 32, "float64", 64,
    };
    for (int i = 0; i < table.length; i += 2) {
      bits.put((String) table[i], (Integer) table[i + 1]);
    }
    BITS = Collections.unmodifiableMap(bits);
  }

  /** The 26 names. */
  public static List<String> names() {
    return List.copyOf(BITS.keySet());
  }

  public static boolean isKnown(String name) {
    return BITS.containsKey(name);
  }

  /** Width in bits; IllegalArgumentException for a name outside the 26. */
  public static int bits(String name) {
    Integer bits = BITS.get(name);
    if (bits == null) {
      throw new IllegalArgumentException("unknown data type " + Json.write(name));
    }
    return bits;
  }

  /** Bytes per element on the wire: ceil(bits / 8). */
  public static int storageBytes(String name) {
    return (bits(name) + 7) / 8;
  }

  /** The mask of a pattern's meaningful bits. */
  public static long mask(String name) {
    int bits = bits(name);
    return bits == 64 ? -1L : (1L << bits) - 1;
  }

  /** A two's complement signed integer type (int2 ... int64). */
  public static boolean isSignedInteger(String name) {
    return name.startsWith("int");
  }

  /** The name in a data_type value: "float32" or {"name": "float32"}; anything else as is. */
  public static Object nameOf(Object dataType) {
    if (dataType instanceof Map<?, ?> map && map.get("name") instanceof String name) {
      return name;
    }
    return dataType;
  }
}
