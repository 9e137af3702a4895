package cvc.adapter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One cast request (PROTOCOL.md, "Cast") or chain request ("Chain", protocol 2), parsed: the
 * codecs with their exact numbers, the input and output types of the direction, and the input bit
 * patterns. A cast's codecs are its one cast_value codec; a chain's, the array -> array codecs of
 * the array's metadata. {@link #zarrJson} holds them all, so a callback that builds its array
 * from it runs chains unchanged.
 *
 * @param chain whether this is a chain request
 * @param direction "encode" (array type -> the last codec's type) or "decode" (the reverse)
 * @param arrayDataType the array's data type name
 * @param fillValue the array's fill value (exact JSON: {@link Json.Number} for numbers)
 * @param codecs the codecs as zarr.json holds them
 * @param inputs the input bit patterns
 */
public record CastRequest(
    Object id,
    boolean chain,
    String direction,
    String arrayDataType,
    Object fillValue,
    List<Object> codecs,
    String inputType,
    String outputType,
    long[] inputs) {

  /** A cast request's one codec, {"name": "cast_value", "configuration": {...}}. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> codec() {
    if (chain) {
      throw new IllegalStateException("a chain request has codecs, not one codec");
    }
    return (Map<String, Object>) codecs.get(0);
  }

  /** A cast request's codec configuration. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> configuration() {
    return (Map<String, Object>) codec().get("configuration");
  }

  public int count() {
    return inputs.length;
  }

  /** The cast's codec as zarr.json holds it (the numbers exactly as the harness sent them). */
  public String codecJson() {
    return Json.write(codec());
  }

  /** The codecs, a JSON array. */
  public String codecsJson() {
    return Json.write(codecs);
  }

  public String fillValueJson() {
    return Json.write(fillValue);
  }

  /** A complete zarr.json of a one-dimensional array of count() elements: codecs, then bytes. */
  public String zarrJson() {
    List<Object> all = new ArrayList<>(codecs);
    all.add(Map.of("name", "bytes", "configuration", Map.of("endian", "little")));
    return ValidateRequest.zarrJson(
        Json.write(arrayDataType), fillValueJson(), Json.write(all), Math.max(count(), 1));
  }

  /** The same request on inputs[start, stop). */
  public CastRequest subset(int start, int stop) {
    return new CastRequest(id, chain, direction, arrayDataType, fillValue, codecs, inputType,
        outputType, Arrays.copyOfRange(inputs, start, stop));
  }
}
