package cvc.adapter;

import java.util.Base64;
import java.util.HexFormat;

/**
 * Element packing (harness/protocol/PROTOCOL.md, "Cast" and "Element encodings"): each element
 * ceil(bits/8) bytes, little-endian, sub-byte types in the low bits; written as lowercase hex or
 * padded base64. Patterns are longs holding the type's bits (uint64 uses the sign bit).
 */
public final class Elements {
  private Elements() {}

  /** The encodings this kit reads and writes; hex is protocol 1's. */
  public static final String HEX = "hex";

  public static final String BASE64 = "base64";

  /** The packed bytes of a protocol elements text. */
  public static byte[] decode(String text, String encoding) {
    if (BASE64.equals(encoding)) {
      return Base64.getDecoder().decode(text);
    }
    if (text.length() % 2 != 0) {
      throw new IllegalArgumentException("elements: an odd number of hex digits");
    }
    return HexFormat.of().parseHex(text);
  }

  public static String encode(byte[] data, String encoding) {
    return BASE64.equals(encoding) ? Base64.getEncoder().encodeToString(data)
                                   : HexFormat.of().formatHex(data);
  }

  /** The bit patterns of packed elements of a type. */
  public static long[] unpack(String type, byte[] data) {
    int size = DataTypes.storageBytes(type);
    if (data.length % size != 0) {
      throw new IllegalArgumentException(
          "elements: " + data.length + " bytes is no whole number of " + type + " elements");
    }
    long[] patterns = new long[data.length / size];
    for (int i = 0; i < patterns.length; i++) {
      long pattern = 0;
      for (int b = size - 1; b >= 0; b--) {
        pattern = (pattern << 8) | (data[i * size + b] & 0xff);
      }
      patterns[i] = pattern;
    }
    return patterns;
  }

  /** Packs patterns of a type, each masked to the type's width. */
  public static byte[] pack(String type, long[] patterns) {
    int size = DataTypes.storageBytes(type);
    long mask = DataTypes.mask(type);
    byte[] data = new byte[patterns.length * size];
    for (int i = 0; i < patterns.length; i++) {
      long pattern = patterns[i] & mask;
      for (int b = 0; b < size; b++) {
        data[i * size + b] = (byte) (pattern >>> (8 * b));
      }
    }
    return data;
  }

  /** Protocol text -> patterns, as {@code unpack("int4", "010f")} gives [1, 15]. */
  public static long[] unpack(String type, String text, String encoding) {
    return unpack(type, decode(text, encoding));
  }

  public static String pack(String type, long[] patterns, String encoding) {
    return encode(pack(type, patterns), encoding);
  }

  /** A signed integer type's pattern as its value (sign-extended); other types' as is. */
  public static long signedValue(String type, long pattern) {
    int bits = DataTypes.bits(type);
    if (!DataTypes.isSignedInteger(type) || bits == 64) {
      return pattern;
    }
    return (pattern << (64 - bits)) >> (64 - bits);
  }
}
