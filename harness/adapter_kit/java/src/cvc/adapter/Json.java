package cvc.adapter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as the protocol carries it (harness/protocol/PROTOCOL.md, "Limits"): objects become
 * {@link LinkedHashMap}s (members in their order), arrays {@link ArrayList}s, strings {@link
 * String}s, true/false {@link Boolean}s, null {@link #NULL}, and numbers {@link Number}s that keep
 * their exact text, because a cast_value configuration's numbers must reach the implementation
 * unrounded (a double would round 40-digit decimals and lose -0).
 */
public final class Json {
  /** JSON's null (a Java null would be ambiguous with a missing member). */
  public static final Object NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** The protocol's limits: nesting levels and the characters of one number literal. */
  static final int MAX_DEPTH = 256;

  static final int MAX_NUMBER_CHARS = 4096;

  /** A JSON number, exactly as written. */
  public record Number(String text) {
    /** Its exact value (-0 is 0 here: {@link #isNegativeZero} tells them apart). */
    public BigDecimal decimal() {
      return new BigDecimal(text);
    }

    public boolean isInteger() {
      return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
    }

    public boolean isNegativeZero() {
      return text.startsWith("-") && decimal().signum() == 0;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /** Parses one JSON value; throws IllegalArgumentException naming the offset of what is wrong. */
  public static Object parse(String text) {
    Json parser = new Json(text);
    parser.space();
    Object value = parser.value(0);
    parser.space();
    if (parser.at != text.length()) {
      throw parser.error("text after the JSON value");
    }
    return value;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("not JSON: " + what + " at offset " + at);
  }

  private void space() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }

  private Object value(int depth) {
    if (depth > MAX_DEPTH) {
      throw error("more than " + MAX_DEPTH + " levels of nesting");
    }
    if (at >= text.length()) {
      throw error("end of text where a value belongs");
    }
    char c = text.charAt(at);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      default:
        break;
    }
    for (String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return word.equals("null") ? NULL : Boolean.valueOf(word.equals("true"));
      }
    }
    return number();
  }

  private Map<String, Object> object(int depth) {
    Map<String, Object> members = new LinkedHashMap<>();
    at++;
    space();
    if (peek('}')) {
      return members;
    }
    do {
      space();
      if (!peek('"')) {
        throw error("a member name that is not a string");
      }
      String name = string();
      space();
      expect(':');
      space();
      members.put(name, value(depth + 1));
      space();
    } while (skip(','));
    expect('}');
    return members;
  }

  private List<Object> array(int depth) {
    List<Object> items = new ArrayList<>();
    at++;
    space();
    if (peek(']')) {
      return items;
    }
    do {
      space();
      items.add(value(depth + 1));
      space();
    } while (skip(','));
    expect(']');
    return items;
  }

  private boolean peek(char c) {
    if (at < text.length() && text.charAt(at) == c) {
      if (c == '}' || c == ']') {
        at++;
      }
      return true;
    }
    return false;
  }

  private boolean skip(char c) {
    if (at < text.length() && text.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!skip(c)) {
      throw error("'" + c + "' expected");
    }
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    at++;
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        throw error("a control character in a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      int simple = "\"\\/bfnrt".indexOf(e);
      if (simple >= 0) {
        out.append("\"\\/\b\f\n\r\t".charAt(simple));
      } else if (e == 'u' && at + 4 <= text.length()) {
        try {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
        } catch (NumberFormatException bad) {
          throw error("a \\u escape that is not 4 hex digits");
        }
        at += 4;
      } else {
        throw error("an unknown escape \\" + e);
      }
    }
    throw error("a string that is never closed");
  }

  private static final java.util.regex.Pattern NUMBER =
      java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

  private Number number() {
    java.util.regex.Matcher m = NUMBER.matcher(text).region(at, text.length());
    if (!m.lookingAt()) {
      throw error("no JSON value");
    }
    if (m.end() - at > MAX_NUMBER_CHARS) {
      throw error("a number literal of more than " + MAX_NUMBER_CHARS + " characters");
    }
    String literal = text.substring(at, m.end());
    at = m.end();
    return new Number(literal);
  }

  /** The JSON text of a value of the kinds {@link #parse} gives (and Long, Integer, BigInteger). */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static void write(Object value, StringBuilder out) {
    if (value == null || value == NULL) {
      out.append("null");
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      String comma = "";
      for (Map.Entry<?, ?> member : map.entrySet()) {
        out.append(comma);
        writeString(String.valueOf(member.getKey()), out);
        out.append(':');
        write(member.getValue(), out);
        comma = ",";
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      String comma = "";
      for (Object item : list) {
        out.append(comma);
        write(item, out);
        comma = ",";
      }
      out.append(']');
    } else if (value instanceof String s) {
      writeString(s, out);
    } else if (value instanceof Boolean || value instanceof Number || value instanceof Long
        || value instanceof Integer || value instanceof java.math.BigInteger) {
      out.append(value);
    } else {
      throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }
  }

  private static void writeString(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
