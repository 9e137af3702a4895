import cvc.adapter.Adapter;
import cvc.adapter.Capabilities;
import cvc.adapter.DataTypes;
import cvc.adapter.Elements;
import cvc.adapter.Json;
import cvc.adapter.Refusal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Tests of the Java adapter kit (harness/adapter_kit/java) without the harness: each answer is
 * compared with what PROTOCOL.md's examples say, and each check is made to fail once by a broken
 * adapter where it could pass vacuously. Prints "N passed, N failed"; exit 1 when one failed.
 */
public final class JavaKitTest {
  private static int passed;
  private static int failed;

  private static void check(String what, Object got, Object want) {
    if (String.valueOf(got).equals(String.valueOf(want))) {
      passed++;
    } else {
      failed++;
      System.out.println("FAIL " + what + ":\n  got  " + got + "\n  want " + want);
    }
  }

  /** uint8 -> int8 that aborts the array on a value above 127 (a "whole array" codec). */
  private static long[] strictCast(cvc.adapter.CastRequest request) throws Refusal {
    long[] out = new long[request.count()];
    for (int i = 0; i < out.length; i++) {
      if (request.inputs()[i] > 127) {
        throw Refusal.castFailed("out of range");
      }
      out[i] = request.inputs()[i];
    }
    return out;
  }

  private static Adapter adapter() {
    return new Adapter("t", "1", List.of("uint8", "int8", "int4", "float16"))
        .cast(JavaKitTest::strictCast)
        .validate(request -> {
          if (!"int8".equals(DataTypes.nameOf(request.arrayDataType()))) {
            throw Refusal.invalid("not int8");
          }
        });
  }

  private static final String HELLO1 = "{\"cmd\": \"hello\", \"protocol\": 1}";
  private static final String HELLO2 = "{\"cmd\": \"hello\", \"protocol\": 1, \"max_protocol\": 2,"
      + " \"encodings\": [\"hex\", \"base64\"], \"failed_forms\": [\"indices\", \"ranges\"]}";

  private static String cast(String elements, int count) {
    return "{\"cmd\": \"cast\", \"id\": 17, \"direction\": \"encode\", \"array_data_type\": "
        + "\"uint8\", \"fill_value\": 0, \"codec\": {\"name\": \"cast_value\", \"configuration\":"
        + " {\"data_type\": \"int8\"}}, \"count\": " + count + ", \"elements\": \"" + elements
        + "\"}";
  }

  private static void handshake() {
    Adapter a = adapter();
    String java = System.getProperty("java.version");
    check("protocol 1 hello", a.handle(HELLO1), "{\"protocol\":1,\"implementation\":{"
        + "\"name\":\"t\",\"version\":\"1\",\"language\":\"java\"},\"data_types\":[\"uint8\","
        + "\"int8\",\"int4\",\"float16\"],\"operations\":[\"encode\",\"decode\",\"validate\"],"
        + "\"environment\":{\"java\":\"" + java + "\"}}");
    String two = a.handle(HELLO2);
    check("protocol 2 hello", two.contains("\"protocol\":2") && two.contains(
        "\"encoding\":\"base64\"") && two.endsWith("\"failed_form\":\"ranges\"}"), true);
    check("bye", a.handle("{\"cmd\": \"bye\"}"), null);
  }

  private static void casts() {
    Adapter a = adapter();
    a.handle(HELLO1);
    // 1, 200, 3, 255, 5: elements 1 and 3 refused, found by bisection; their bytes zero.
    check("bisected cast", a.handle(cast("01c803ff05", 5)),
        "{\"id\":17,\"status\":\"ok\",\"elements\":\"0100030005\",\"failed\":[1,3]}");
    check("no bisection", adapter().bisect(false).handle(cast("01c8", 2)),
        "{\"id\":17,\"status\":\"ok\",\"elements\":\"0000\",\"failed\":[0,1]}");
    a.handle(HELLO2);
    // The same bytes in base64 (AcgD/wU= is 01 c8 03 ff 05), failed as ranges.
    check("base64 cast, ranges", a.handle(cast("AcgD/wU=", 5)),
        "{\"id\":17,\"status\":\"ok\",\"elements\":\"AQADAAU=\",\"failed\":[[1,2],[3,4]]}");
    check("a run of failures is one range", a.handle(cast("yMjIBQ==", 4)),
        "{\"id\":17,\"status\":\"ok\",\"elements\":\"AAAABQ==\",\"failed\":[[0,3]]}");
    check("count mismatch is an adapter error", a.handle(cast("AQ==", 2)).contains(
        "\"status\":\"error\""), true);
    String other = cast("AQ==", 1).replace("\"uint8\"", "\"float32\"");
    check("an undeclared type is unsupported", a.handle(other),
        "{\"id\":17,\"status\":\"unsupported\",\"message\":\"float32 is not supported\"}");
  }

  private static void capabilities() {
    Adapter a = adapter().capabilities(new Capabilities()
        .direction("encode", List.of("towards-zero"), List.of("absent"), false));
    a.handle(HELLO2);
    check("outside the capabilities", a.handle(cast("AQ==", 1)), "{\"id\":17,\"status\":"
        + "\"unsupported\",\"message\":\"outside the declared capabilities: encode rounding "
        + "\\\"nearest-even\\\" is not declared (capabilities.encode.rounding: "
        + "[\\\"towards-zero\\\"])\"}");
    String refused = "";
    try {
      new Capabilities().direction("encode", List.of("nearest-odd"), List.of("clamp"), true);
    } catch (IllegalArgumentException e) {
      refused = e.getMessage();
    }
    check("an unknown rounding is refused", refused.startsWith(
        "capabilities.encode.rounding: unknown name \"nearest-odd\""), true);
    Adapter undeclared = adapter().directions("decode")
        .capabilities(new Capabilities().missingPair("encode", "uint8", "int8"));
    try {
      undeclared.handle(HELLO2);
      refused = "";
    } catch (IllegalArgumentException e) {
      refused = e.getMessage();
    }
    check("a missing pair of an undeclared direction is refused",
        refused.endsWith("the direction is not among the operations"), true);
  }

  /** A chain [scale_offset, cast_value] that answers each element's pattern plus one. */
  private static void chains() {
    Adapter a = adapter().chain(request -> {
      long[] out = request.inputs().clone();
      for (int i = 0; i < out.length; i++) {
        out[i]++;
      }
      return out;
    }, List.of("scale_offset", "cast_value"), List.of("encode"));
    String request = "{\"cmd\": \"chain\", \"id\": 23, \"direction\": \"encode\", "
        + "\"array_data_type\": \"uint8\", \"fill_value\": 0, \"codecs\": [{\"name\": "
        + "\"scale_offset\", \"configuration\": {\"scale\": 2}}, {\"name\": \"cast_value\", "
        + "\"configuration\": {\"data_type\": \"int8\"}}], \"count\": 2, \"elements\": "
        + "\"0102\"}";
    a.handle(HELLO1);
    check("no chain under protocol 1", a.handle(request).contains("unknown command"), true);
    String hello = a.handle(HELLO2.replace(", \"encodings\": [\"hex\", \"base64\"]", ""));
    check("chain declared", hello.contains("\"chain\"]") && hello.contains(
        "\"capabilities\":{\"chain\":{\"codecs\":[\"scale_offset\",\"cast_value\"],"
        + "\"directions\":[\"encode\"]}}"), true);
    check("chain answered", a.handle(request),
        "{\"id\":23,\"status\":\"ok\",\"elements\":\"0203\",\"failed\":[]}");
    check("an undeclared chain codec", a.handle(request.replace("scale_offset", "transpose")),
        "{\"id\":23,\"status\":\"unsupported\",\"message\":\"transpose is not declared in a "
        + "chain (capabilities.chain.codecs: [\\\"scale_offset\\\",\\\"cast_value\\\"])\"}");
    check("an undeclared chain direction", a.handle(request.replace("\"encode\"",
        "\"decode\"")).contains("chain decode is not declared"), true);
    check("a type along the chain", a.handle(request.replace("\"int8\"", "\"float32\""))
        .contains("float32 is not supported"), true);
    String fixed = request.replace("{\"name\": \"scale_offset\", \"configuration\": "
        + "{\"scale\": 2}}, {\"name\": \"cast_value\", \"configuration\": {\"data_type\": "
        + "\"int8\"}}", "{\"name\": \"cast_value\", \"configuration\": {\"data_type\": "
        + "\"float16\"}}, {\"name\": \"numcodecs.fixedscaleoffset\", \"configuration\": "
        + "{\"astype\": \"<i1\"}}");
    check("fixedscaleoffset's astype is the chain's type",
        adapter().chain(r -> new long[] {r.outputType().equals("int8") ? 7 : 9, 0}, null, null)
            .handle(HELLO2).contains("\"chain\"") , true);
    Adapter any = adapter().chain(r -> new long[] {r.outputType().equals("int8") ? 7 : 9, 0},
        null, null);
    any.handle(HELLO1.replace("1}", "1, \"max_protocol\": 2}"));
    check("a chain's output type", any.handle(fixed),
        "{\"id\":23,\"status\":\"ok\",\"elements\":\"0700\",\"failed\":[]}");
  }

  /** Reproducers: parsed as the request they carry, answered with the callback's program. */
  private static void reproduces() {
    Adapter a = adapter().reproduce(request -> {
      if (request instanceof cvc.adapter.ValidateRequest) {
        throw Refusal.unsupported("no reproducer for validate requests");
      }
      return "// " + ((cvc.adapter.CastRequest) request).codecJson();
    }, "java");
    String cast = cast("AQ==", 1).replace("\"id\": 17, ", "");
    String request = "{\"cmd\": \"reproduce\", \"id\": 19, \"request\": " + cast + "}";
    check("reproduce under protocol 1", a.handle(HELLO1).contains("reproduce"), false);
    check("reproduce declared", a.handle(HELLO2).contains("\"reproduce\""), true);
    check("a cast reproducer", a.handle(request), "{\"id\":19,\"status\":\"ok\",\"language\":"
        + "\"java\",\"code\":\"// {\\\"name\\\":\\\"cast_value\\\",\\\"configuration\\\":"
        + "{\\\"data_type\\\":\\\"int8\\\"}}\"}");
    check("an undeclared type is unsupported, not reproduced", a.handle(request.replace(
        "\"uint8\"", "\"float32\"")), "{\"id\":19,\"status\":\"unsupported\",\"message\":"
        + "\"float32 is not supported\"}");
    String validate = "{\"cmd\": \"reproduce\", \"id\": 20, \"request\": {\"cmd\": "
        + "\"validate\", \"array_data_type\": \"int8\", \"fill_value\": 0, \"codecs\": []}}";
    check("the callback's unsupported", a.handle(validate), "{\"id\":20,\"status\":"
        + "\"unsupported\",\"message\":\"no reproducer for validate requests\"}");
  }

  /** Store operations through a toy store: arrays by path, "bad" refused. */
  private static void stores() {
    Map<String, long[]> arrays = new java.util.HashMap<>(Map.of("/a", new long[] {1, 2, 3}));
    long[][] written = new long[1][];
    Adapter a = adapter().stores(new cvc.adapter.Stores() {
      @Override
      public void openArray(String path) throws Refusal {
        if (!arrays.containsKey(path)) {
          throw Refusal.invalid("no array at " + path);
        }
      }

      @Override
      public long[] readArray(String path, String dataType) throws Refusal {
        if (path.equals("/bad")) {
          throw Refusal.rejected("cannot decode");
        }
        return arrays.get(path);
      }

      @Override
      public void writeArray(String path, Map<String, Object> metadata, String dataType,
          long[][] selection, long[] values) {
        written[0] = new long[] {selection[0][0], selection[0][1], values[0],
            metadata.size()};
      }
    });
    check("store operations under protocol 1", a.handle(HELLO1).contains("open_array"), false);
    check("store operations declared", a.handle(HELLO2).contains(
        "\"open_array\",\"read_array\",\"write_array\""), true);
    check("open valid", a.handle("{\"cmd\": \"open_array\", \"id\": 20, \"path\": \"/a\"}"),
        "{\"id\":20,\"status\":\"valid\"}");
    check("open invalid", a.handle("{\"cmd\": \"open_array\", \"id\": 20, \"path\": \"/b\"}"),
        "{\"id\":20,\"status\":\"invalid\",\"message\":\"no array at /b\"}");
    String read = "{\"cmd\": \"read_array\", \"id\": 21, \"path\": \"/a\", \"data_type\": "
        + "\"uint8\", \"count\": 3}";
    check("read", a.handle(read), "{\"id\":21,\"status\":\"ok\",\"elements\":\"AQID\"}");
    check("read refused", a.handle(read.replace("/a", "/bad")),
        "{\"id\":21,\"status\":\"refused\",\"message\":\"cannot decode\"}");
    check("read of a wrong count", a.handle(read.replace("3}", "4}")).contains(
        "\"status\":\"error\""), true);
    check("read of an undeclared type", a.handle(read.replace("uint8", "float64")),
        "{\"id\":21,\"status\":\"unsupported\",\"message\":\"float64 is not supported\"}");
    String write = "{\"cmd\": \"write_array\", \"id\": 22, \"path\": \"/a\", \"metadata\": "
        + "{\"zarr_format\": 3, \"node_type\": \"array\"}, \"data_type\": \"uint8\", "
        + "\"selection\": [[1, 3]], \"count\": 2, \"elements\": \"CQg=\"}";
    check("write", a.handle(write), "{\"id\":22,\"status\":\"ok\"}");
    check("write's selection, values and metadata", java.util.Arrays.toString(written[0]),
        "[1, 3, 9, 2]");
  }

  private static void validates() {
    Adapter a = adapter();
    a.handle(HELLO1);
    String valid = "{\"cmd\": \"validate\", \"id\": 18, \"array_data_type\": {\"name\": "
        + "\"int8\"}, \"fill_value\": -0.0, \"codecs\": 7}";
    check("valid", a.handle(valid), "{\"id\":18,\"status\":\"valid\"}");
    check("invalid", a.handle(valid.replace("\"int8\"", "\"r16\"")),
        "{\"id\":18,\"status\":\"invalid\",\"message\":\"not int8\"}");
    check("an undeclared type of the 26 is unsupported", a.handle(valid.replace("\"int8\"",
        "\"float64\"")), "{\"id\":18,\"status\":\"unsupported\",\"message\":"
        + "\"float64 is not supported\"}");
  }

  private static void json() {
    String exact = "{\"a\":-0.0,\"b\":1e400,\"c\":0.1000000000000000000000000000000000000001,"
        + "\"d\":[null,true,\"\\u00e9\\n\"]}";
    check("exact numbers survive", Json.write(Json.parse(exact)), exact.replace("\\u00e9", "\u00e9"));
    check("-0.0 is told apart", ((Json.Number) ((Map<?, ?>) Json.parse(exact)).get("a"))
        .isNegativeZero(), true);
    String deep = "[".repeat(300) + "]".repeat(300);
    String refused = "";
    try {
      Json.parse(deep);
    } catch (IllegalArgumentException e) {
      refused = e.getMessage();
    }
    check("nesting limit", refused.contains("more than 256 levels"), true);
  }

  private static void elements() {
    check("int4 unpack", java.util.Arrays.toString(Elements.unpack("int4", "010f", "hex")),
        "[1, 15]");
    check("int4 value", Elements.signedValue("int4", 15), -1);
    check("float16 pack", Elements.pack("float16", new long[] {0x3c00}, "hex"), "003c");
    check("masked to the width", Elements.pack("int4", new long[] {-1}, "hex"), "0f");
    check("uint64 max", Elements.pack("uint64", new long[] {-1}, "hex"), "ffffffffffffffff");
    check("26 types", DataTypes.names().size(), 26);
  }

  private static void loop() throws Exception {
    String input = HELLO1 + "\n" + cast("01", 1) + "\n{\"cmd\": \"bye\"}\n" + cast("01", 1) + "\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = adapter().serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        out);
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
    check("loop status on bye", status, 0);
    check("loop answers until bye", lines.length, 2);
    int bad = adapter().serve(new ByteArrayInputStream("{\"cmd\": \"cast\"}\n".getBytes(
        StandardCharsets.UTF_8)), new ByteArrayOutputStream());
    check("a request without id exits 2", bad, 2);
  }

  public static void main(String[] args) throws Exception {
    handshake();
    casts();
    capabilities();
    chains();
    reproduces();
    stores();
    validates();
    json();
    elements();
    loop();
    System.out.println(passed + " passed, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
