package cvc.adapter;

/**
 * One validate request (PROTOCOL.md, "Validate"): the array metadata exactly as the vector holds
 * it, on purpose not always well formed (a non-list codecs, a data type outside the 26, the
 * object form {"name": "float32"}). Hand it to the implementation as given and let it decide.
 */
public record ValidateRequest(Object id, Object arrayDataType, Object fillValue, Object codecs) {

  /** The request's metadata in a zarr.json of a one-dimensional array of `shape` elements. */
  public String zarrJson(int shape) {
    return zarrJson(Json.write(arrayDataType), Json.write(fillValue), Json.write(codecs), shape);
  }

  static String zarrJson(String dataType, String fillValue, String codecs, int shape) {
    return "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": [" + shape + "], "
        + "\"data_type\": " + dataType + ", "
        + "\"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [" + shape
        + "]}}, "
        + "\"chunk_key_encoding\": {\"name\": \"default\"}, "
        + "\"fill_value\": " + fillValue + ", \"codecs\": " + codecs + "}";
  }
}
