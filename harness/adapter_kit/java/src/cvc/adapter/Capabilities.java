package cvc.adapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A protocol-2 capabilities declaration (PROTOCOL.md, "Capabilities"): per direction the rounding
 * modes, out_of_range rules and scalar_map the implementation has, and the pairs it lacks although
 * it has both types. A direction not declared means everything. Checked when the adapter is built
 * (an unknown name, an empty list, a pair of an undeclared type: IllegalArgumentException naming
 * it), and enforced on every cast request.
 */
public final class Capabilities {
  public static final List<String> ROUNDINGS = List.of(
      "nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away");

  /** "absent" is the configuration without out_of_range. */
  public static final List<String> OUT_OF_RANGE = List.of("absent", "clamp", "wrap");

  public static final List<String> DIRECTIONS = List.of("encode", "decode");

  private final Map<String, Map<String, Object>> directions = new LinkedHashMap<>();
  private final List<Map<String, Object>> missingPairs = new ArrayList<>();

  /** Declares what one direction has; lists must be non-empty names of ROUNDINGS / OUT_OF_RANGE. */
  public Capabilities direction(
      String direction, List<String> rounding, List<String> outOfRange, boolean scalarMap) {
    checkNames("capabilities direction", List.of(direction), DIRECTIONS);
    checkNames("capabilities." + direction + ".rounding", rounding, ROUNDINGS);
    checkNames("capabilities." + direction + ".out_of_range", outOfRange, OUT_OF_RANGE);
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("rounding", List.copyOf(rounding));
    entry.put("out_of_range", List.copyOf(outOfRange));
    entry.put("scalar_map", scalarMap);
    directions.put(direction, entry);
    return this;
  }

  /** Declares a cast the implementation lacks (input, output as in CastRequest). */
  public Capabilities missingPair(String direction, String input, String output) {
    checkNames("capabilities.missing_pairs direction", List.of(direction), DIRECTIONS);
    Map<String, Object> pair = new LinkedHashMap<>();
    pair.put("direction", direction);
    pair.put("input", input);
    pair.put("output", output);
    if (missingPairs.contains(pair)) {
      throw new IllegalArgumentException("capabilities.missing_pairs: " + Json.write(pair)
          + " is listed twice");
    }
    missingPairs.add(pair);
    return this;
  }

  private static void checkNames(String where, List<String> names, List<String> allowed) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException(where + " is empty: leave the direction out of the "
          + "operations instead");
    }
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (!allowed.contains(name)) {
        throw new IllegalArgumentException(where + ": unknown name " + Json.write(name)
            + " (allowed: " + String.join(", ", allowed) + ")");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException(where + ": " + Json.write(name) + " is listed twice");
      }
    }
  }

  /** Checks the declaration against the adapter's types and operations. */
  void check(List<String> dataTypes, List<String> operations) {
    for (String direction : directions.keySet()) {
      if (!operations.contains(direction)) {
        throw new IllegalArgumentException("capabilities: " + direction
            + " is declared but not among the operations");
      }
    }
    for (Map<String, Object> pair : missingPairs) {
      if (!operations.contains((String) pair.get("direction"))) {
        throw new IllegalArgumentException("capabilities.missing_pairs: " + Json.write(pair)
            + ": the direction is not among the operations");
      }
      for (String side : List.of("input", "output")) {
        if (!dataTypes.contains((String) pair.get(side))) {
          throw new IllegalArgumentException("capabilities.missing_pairs: " + Json.write(pair)
              + ": " + pair.get(side) + " is not a declared data type");
        }
      }
    }
  }

  /** The hello answer's capabilities object. */
  Map<String, Object> json() {
    Map<String, Object> out = new LinkedHashMap<>(directions);
    if (!missingPairs.isEmpty()) {
      out.put("missing_pairs", missingPairs);
    }
    return out;
  }

  /** Why a cast is outside the declaration (a message quoting it), or null. */
  String outside(String direction, String input, String output, Map<?, ?> config) {
    for (Map<String, Object> pair : missingPairs) {
      if (pair.equals(Map.of("direction", direction, "input", input, "output", output))) {
        return direction + " " + input + " -> " + output
            + " is declared missing (capabilities.missing_pairs: " + Json.write(pair) + ")";
      }
    }
    Map<String, Object> declared = directions.get(direction);
    if (declared == null) {
      return null;
    }
    Object rounding = config.containsKey("rounding") ? config.get("rounding") : "nearest-even";
    Object outOfRange = config.containsKey("out_of_range") ? config.get("out_of_range") : "absent";
    if (ROUNDINGS.contains(rounding) && !((List<?>) declared.get("rounding")).contains(rounding)) {
      return direction + " rounding " + Json.write(rounding) + " is not declared (capabilities."
          + direction + ".rounding: " + Json.write(declared.get("rounding")) + ")";
    }
    if (OUT_OF_RANGE.contains(outOfRange)
        && !((List<?>) declared.get("out_of_range")).contains(outOfRange)) {
      return direction + " out_of_range " + Json.write(outOfRange) + " is not declared "
          + "(capabilities." + direction + ".out_of_range: "
          + Json.write(declared.get("out_of_range")) + ")";
    }
    boolean usesMap = config.get("scalar_map") instanceof Map<?, ?> map
        && map.get(direction) instanceof List<?> entries && !entries.isEmpty();
    if (usesMap && Boolean.FALSE.equals(declared.get("scalar_map"))) {
      return direction + " scalar_map is not declared (capabilities." + direction
          + ".scalar_map: false)";
    }
    return null;
  }
}
