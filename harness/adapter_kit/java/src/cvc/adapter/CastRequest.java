package cvc.adapter;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One cast request (PROTOCOL.md, "Cast"), parsed: the codec with its exact numbers, the input
 * and output types of the direction, and the input bit patterns.
 *
 * @param direction "encode" (array type -> configuration's data_type) or "decode" (the reverse)
 * @param arrayDataType the array's data type name
 * @param fillValue the array's fill value (exact JSON: {@link Json.Number} for numbers)
 * @param codec the whole {"name": "cast_value", "configuration": {...}}
 * @param inputs the input bit patterns
 */
public record CastRequest(
    Object id,
    String direction,
    String arrayDataType,
    Object fillValue,
    Map<String, Object> codec,
    String inputType,
    String outputType,
    long[] inputs) {

  /** The codec's configuration. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> configuration() {
    return (Map<String, Object>) codec.get("configuration");
  }

  public int count() {
    return inputs.length;
  }

  /** The codec as zarr.json holds it (the numbers exactly as the harness sent them). */
  public String codecJson() {
    return Json.write(codec);
  }

  public String fillValueJson() {
    return Json.write(fillValue);
  }

  /** A complete zarr.json of a one-dimensional array of count() elements, codecs [codec, bytes]. */
  public String zarrJson() {
    return ValidateRequest.zarrJson(
        Json.write(arrayDataType), fillValueJson(),
        Json.write(List.of(codec, Map.of("name", "bytes",
            "configuration", Map.of("endian", "little")))), Math.max(count(), 1));
  }

  /** The same request on inputs[start, stop). */
  public CastRequest subset(int start, int stop) {
    return new CastRequest(id, direction, arrayDataType, fillValue, codec, inputType, outputType,
        Arrays.copyOfRange(inputs, start, stop));
  }
}
