package cvc.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The data type names a validate request's metadata names: the array's and each cast_value's. */
final class MetadataTypes {
  private MetadataTypes() {}

  static List<Object> namesIn(Object arrayDataType, Object codecs) {
    List<Object> names = new ArrayList<>();
    names.add(DataTypes.nameOf(arrayDataType));
    if (codecs instanceof List<?> list) {
      for (Object codec : list) {
        if (codec instanceof Map<?, ?> c && "cast_value".equals(c.get("name"))
            && c.get("configuration") instanceof Map<?, ?> config) {
          names.add(DataTypes.nameOf(config.get("data_type")));
        }
      }
    }
    return names;
  }
}
