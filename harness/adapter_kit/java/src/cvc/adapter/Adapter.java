package cvc.adapter;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The adapter protocol (harness/protocol/PROTOCOL.md, versions 1 and 2) for a Java
 * implementation: the handshake, element packing, capabilities, each element's verdict and the
 * request loop. An adapter declares what the implementation supports and gives the callbacks:
 *
 * <pre>
 * new Adapter("my-impl", "1.0", types).cast(MyAdapter::cast).validate(MyAdapter::validate).run();
 * </pre>
 *
 * {@link #handle} is the state machine without I/O (for tests); {@link #run} serves stdin/stdout.
 */
public final class Adapter {
  /** A cast: one output bit pattern per input, in the output type. */
  public interface Cast {
    long[] cast(CastRequest request) throws Refusal;
  }

  /** A validate: returns when the implementation accepts the metadata, else throws Invalid. */
  public interface Validate {
    void validate(ValidateRequest request) throws Refusal;
  }

  /**
   * A reproducer (protocol 2): a self-contained program in the implementation's own terms that
   * makes the same call for a CastRequest or ValidateRequest and prints what it returns; throw
   * Refusal.unsupported where there is none.
   */
  public interface Reproduce {
    String reproduce(Object request) throws Refusal;
  }

  static final int PROTOCOL = 1;
  static final int MAX_PROTOCOL = 2;

  private final String name;
  private final String version;
  private final List<String> dataTypes;
  private Cast cast;
  private Validate validate;
  private Cast chain;
  private Reproduce reproduce;
  private Stores stores;
  private String reproduceLanguage;
  private List<String> chainCodecs; // null: every codec of ChainSteps.CODECS
  private List<String> chainDirections; // null: both
  private String notes;
  private boolean bisect = true;
  private Capabilities capabilities;
  private final Map<String, String> environment = new LinkedHashMap<>();
  private final List<String> directions = new ArrayList<>(Capabilities.DIRECTIONS);

  // What the last hello negotiated.
  private int protocol = PROTOCOL;
  private String encoding = Elements.HEX;
  private boolean failedRanges;

  /** An adapter for `name` `version` supporting `dataTypes` (names of the 26). */
  public Adapter(String name, String version, List<String> dataTypes) {
    for (String type : dataTypes) {
      DataTypes.bits(type); // throws for a name outside the 26
    }
    this.name = name;
    this.version = version;
    this.dataTypes = List.copyOf(dataTypes);
    environment.put("java", System.getProperty("java.version"));
  }

  public Adapter cast(Cast cast) {
    this.cast = cast;
    return this;
  }

  public Adapter validate(Validate validate) {
    this.validate = validate;
    return this;
  }

  /**
   * Protocol 2 chain requests: a callback with the contract of cast, called with chain requests
   * (CastRequest.chain() true), and optionally what it can chain: capabilities.chain's codecs
   * (of ChainSteps.CODECS) and directions, null meaning everything.
   */
  public Adapter chain(Cast chain, List<String> codecs, List<String> directions) {
    for (List<String> names : java.util.Arrays.asList(codecs, directions)) {
      if (names != null && (names.isEmpty() || !(names == codecs ? ChainSteps.CODECS
                                                                 : Capabilities.DIRECTIONS)
                                                      .containsAll(names))) {
        throw new IllegalArgumentException("capabilities.chain: " + Json.write(names)
            + " is empty or names no " + (names == codecs ? "chain codec" : "direction"));
      }
    }
    this.chain = chain;
    this.chainCodecs = codecs == null ? null : List.copyOf(codecs);
    this.chainDirections = directions == null ? null : List.copyOf(directions);
    return this;
  }

  /** Protocol 2 reproducers, programs in `language` ("java", "sh", ...). */
  public Adapter reproduce(Reproduce reproduce, String language) {
    this.reproduce = reproduce;
    this.reproduceLanguage = language;
    return this;
  }

  /** Protocol 2 store operations (open_array, read_array, write_array) for cvc check-store. */
  public Adapter stores(Stores stores) {
    this.stores = stores;
    return this;
  }

  /** The store operations, in the order the hello lists them. */
  static final List<String> STORE_OPERATIONS = List.of("open_array", "read_array", "write_array");

  /** Only these cast directions (default both). */
  public Adapter directions(String... names) {
    directions.clear();
    directions.addAll(List.of(names));
    return this;
  }

  public Adapter notes(String notes) {
    this.notes = notes;
    return this;
  }

  /** With false, a CastFailed fails every element of the request instead of bisecting. */
  public Adapter bisect(boolean bisect) {
    this.bisect = bisect;
    return this;
  }

  /** A library version quoted in reports (the Java version is there already). */
  public Adapter environment(String library, String libraryVersion) {
    environment.put(library, libraryVersion);
    return this;
  }

  public Adapter capabilities(Capabilities capabilities) {
    this.capabilities = capabilities;
    return this;
  }

  /** The operations the hello declares. */
  List<String> operations() {
    List<String> operations = new ArrayList<>();
    if (cast != null) {
      operations.addAll(directions);
    }
    if (validate != null) {
      operations.add("validate");
    }
    return operations;
  }

  /** The hello answer: protocol 2 (capabilities, base64, failed ranges) when offered. */
  Map<String, Object> hello(Map<String, Object> message) {
    boolean two = message.get("max_protocol") instanceof Json.Number n && n.isInteger()
        && n.decimal().intValue() >= MAX_PROTOCOL;
    protocol = two ? MAX_PROTOCOL : PROTOCOL;
    encoding = two && offered(message, "encodings", Elements.BASE64) ? Elements.BASE64
                                                                     : Elements.HEX;
    failedRanges = two && offered(message, "failed_forms", "ranges");
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("protocol", (long) protocol);
    Map<String, Object> implementation = new LinkedHashMap<>();
    implementation.put("name", name);
    implementation.put("version", version);
    implementation.put("language", "java");
    answer.put("implementation", implementation);
    answer.put("data_types", dataTypes);
    List<String> operations = operations();
    if (two && reproduce != null) {
      operations.add("reproduce");
    }
    if (two && stores != null) {
      operations.addAll(STORE_OPERATIONS);
    }
    if (two && chain != null) {
      operations.add("chain");
    }
    answer.put("operations", operations);
    if (notes != null) {
      answer.put("notes", notes);
    }
    answer.put("environment", environment);
    Map<String, Object> declared = capabilities == null ? new LinkedHashMap<>()
                                                        : capabilities.json();
    if (chain != null && (chainCodecs != null || chainDirections != null)) {
      Map<String, Object> chainDeclared = new LinkedHashMap<>();
      if (chainCodecs != null) {
        chainDeclared.put("codecs", chainCodecs);
      }
      if (chainDirections != null) {
        chainDeclared.put("directions", chainDirections);
      }
      declared.put("chain", chainDeclared);
    }
    if (two && (capabilities != null || declared.containsKey("chain"))) {
      answer.put("capabilities", declared);
    }
    if (two && encoding.equals(Elements.BASE64)) {
      answer.put("encoding", encoding);
    }
    if (failedRanges) {
      answer.put("failed_form", "ranges");
    }
    return answer;
  }

  private static boolean offered(Map<String, Object> message, String key, String what) {
    return message.get(key) instanceof List<?> list && list.contains(what);
  }

  /**
   * Answers one request line; null for bye. IllegalArgumentException for a line that is not a
   * request (not a JSON object, no id), which the harness never sends.
   */
  @SuppressWarnings("unchecked")
  public String handle(String line) {
    if (!(Json.parse(line) instanceof Map<?, ?> parsed)) {
      throw new IllegalArgumentException("a request must be a JSON object");
    }
    Map<String, Object> message = (Map<String, Object>) parsed;
    Object cmd = message.get("cmd");
    if ("hello".equals(cmd)) {
      if (cast == null && validate == null) {
        throw new IllegalStateException("an adapter needs a cast or a validate callback");
      }
      if (capabilities != null) {
        capabilities.check(dataTypes, operations());
      }
      return Json.write(hello(message));
    }
    if ("bye".equals(cmd)) {
      return null;
    }
    if (!message.containsKey("id")) {
      throw new IllegalArgumentException("request without id: " + cut(line, 200));
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("id", message.get("id"));
    try {
      if ("cast".equals(cmd)) {
        answer.putAll(answerCast(castRequest(message), cast));
      } else if ("chain".equals(cmd) && chain != null && protocol >= MAX_PROTOCOL) {
        answer.putAll(answerCast(chainRequest(message), chain));
      } else if ("validate".equals(cmd)) {
        answer.putAll(answerValidate(message));
      } else if ("reproduce".equals(cmd) && reproduce != null && protocol >= MAX_PROTOCOL) {
        answer.putAll(answerReproduce(message));
      } else if (STORE_OPERATIONS.contains(cmd) && stores != null && protocol >= MAX_PROTOCOL) {
        answer.putAll(answerStore((String) cmd, message));
      } else {
        answer.put("status", "error");
        answer.put("message", "unknown command " + Json.write(cmd));
      }
    } catch (Refusal e) {
      status(answer, statusOf(String.valueOf(cmd), e.kind()), e);
    } catch (Exception | StackOverflowError e) {
      answer.put("status", "error");
      answer.put("message", trace(e));
    }
    return Json.write(answer);
  }

  /**
   * The status of a refusal: unsupported as such; else a refusal of the configuration or metadata,
   * rejected for a cast or chain, invalid for a validate, and for a reproduce (which has neither)
   * an error.
   */
  private static String statusOf(String cmd, Refusal.Kind kind) {
    if (kind == Refusal.Kind.UNSUPPORTED) {
      return "unsupported";
    }
    return switch (cmd) {
      case "validate", "open_array" -> "invalid";
      case "read_array", "write_array" -> "refused";
      case "reproduce" -> "error";
      default -> "rejected";
    };
  }

  private static void status(Map<String, Object> answer, String status, Refusal e) {
    answer.put("status", status);
    answer.put("message", e.getMessage() == null || e.getMessage().isEmpty()
        ? status : e.getMessage());
  }

  private static String cut(String text, int length) {
    return text.length() <= length ? text : text.substring(0, length);
  }

  private static String trace(Throwable e) {
    StringWriter out = new StringWriter();
    e.printStackTrace(new PrintWriter(out));
    return out.toString();
  }

  /** The request of a cast message; Unsupported for what the adapter does not declare. */
  @SuppressWarnings("unchecked")
  CastRequest castRequest(Map<String, Object> message) throws Refusal {
    String direction = (String) message.get("direction");
    String arrayType = (String) message.get("array_data_type");
    Map<String, Object> codec = (Map<String, Object>) message.get("codec");
    Object configType = DataTypes.nameOf(((Map<?, ?>) codec.get("configuration")).get("data_type"));
    if (cast == null || !directions.contains(direction)) {
      throw Refusal.unsupported(direction + " is not supported");
    }
    boolean encode = direction.equals("encode");
    checkTypes(arrayType, configType);
    checkRule(direction, encode ? arrayType : configType, encode ? configType : arrayType,
        (Map<?, ?>) codec.get("configuration"));
    String input = (String) (encode ? arrayType : configType);
    return new CastRequest(message.get("id"), false, direction, arrayType,
        message.get("fill_value"), List.of(codec), input, (String) (encode ? configType
                                                                             : arrayType),
        inputs(message, input));
  }

  /** Unsupported for a type the adapter does not declare. */
  private void checkTypes(Object... types) throws Refusal {
    for (Object type : types) {
      if (!dataTypes.contains(type)) {
        throw Refusal.unsupported(type + " is not supported");
      }
    }
  }

  /** Unsupported for a cast_value rule outside the declared capabilities. */
  private void checkRule(String direction, Object input, Object output, Map<?, ?> configuration)
      throws Refusal {
    String why = capabilities == null ? null
        : capabilities.outside(direction, (String) input, (String) output, configuration);
    if (why != null) {
      throw Refusal.unsupported("outside the declared capabilities: " + why);
    }
  }

  /** The request of a chain message, checked as a cast's for every step and type along it. */
  CastRequest chainRequest(Map<String, Object> message) throws Refusal {
    String direction = (String) message.get("direction");
    String arrayType = (String) message.get("array_data_type");
    if (chainDirections != null && !chainDirections.contains(direction)) {
      throw Refusal.unsupported("chain " + direction + " is not declared "
          + "(capabilities.chain.directions: " + Json.write(chainDirections) + ")");
    }
    List<ChainSteps.Step> steps = ChainSteps.of(arrayType, message.get("codecs"));
    Object last = arrayType;
    for (ChainSteps.Step step : steps) {
      if (chainCodecs != null && !chainCodecs.contains(step.codec())) {
        throw Refusal.unsupported(step.codec() + " is not declared in a chain "
            + "(capabilities.chain.codecs: " + Json.write(chainCodecs) + ")");
      }
      boolean encode = direction.equals("encode");
      Object before = step.before();
      Object after = step.after();
      checkTypes(before, after);
      if (step.codec().equals("cast_value")) {
        checkRule(direction, encode ? before : after, encode ? after : before,
            step.configuration());
      }
      last = after;
    }
    boolean encode = direction.equals("encode");
    String input = (String) (encode ? arrayType : last);
    @SuppressWarnings("unchecked")
    List<Object> codecs = (List<Object>) message.get("codecs");
    return new CastRequest(message.get("id"), true, direction, arrayType,
        message.get("fill_value"), codecs, input, (String) (encode ? last : arrayType),
        inputs(message, input));
  }

  /** The request's elements, count of them, of the input type. */
  private long[] inputs(Map<String, Object> message, String inputType) {
    long[] inputs = Elements.unpack(inputType, (String) message.get("elements"), encoding);
    long count = ((Json.Number) message.get("count")).decimal().longValueExact();
    if (inputs.length != count) {
      throw new IllegalArgumentException("count " + count + " but " + inputs.length
          + " elements");
    }
    return inputs;
  }

  private Map<String, Object> answerCast(CastRequest request, Cast cast) throws Refusal {
    long[] outputs = new long[request.count()];
    List<Integer> failed = Bisection.failedElements((start, stop) -> {
      long[] part = cast.cast(request.subset(start, stop));
      if (part.length != stop - start) {
        throw new IllegalStateException("cast returned " + part.length + " outputs for "
            + (stop - start) + " inputs");
      }
      System.arraycopy(part, 0, outputs, start, part.length);
    }, request.count(), bisect);
    for (int index : failed) {
      outputs[index] = 0; // a failed element's bytes are ignored: written as zeros
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("status", "ok");
    answer.put("elements", Elements.pack(request.outputType(), outputs, encoding));
    answer.put("failed", failedRanges ? FailedRanges.of(failed) : failed);
    return answer;
  }

  private Map<String, Object> answerValidate(Map<String, Object> message) throws Refusal {
    validate.validate(validateRequest(message));
    return Map.of("status", "valid");
  }

  /** The request of a validate message; Unsupported for what the adapter does not declare. */
  ValidateRequest validateRequest(Map<String, Object> message) throws Refusal {
    if (validate == null) {
      throw Refusal.unsupported("validate is not supported");
    }
    ValidateRequest request = new ValidateRequest(message.get("id"),
        message.get("array_data_type"), message.get("fill_value"), message.get("codecs"));
    // Only a type of the 26 that the adapter does not declare is answered here, as for casts;
    // any other metadata (names outside the 26, the object form) reaches the callback.
    for (Object type : MetadataTypes.namesIn(request.arrayDataType(), request.codecs())) {
      if (DataTypes.isKnown(String.valueOf(type)) && !dataTypes.contains(type)) {
        throw Refusal.unsupported(type + " is not supported");
      }
    }
    return request;
  }

  /**
   * A reproducer of the request a reproduce message carries, parsed as that request itself
   * (same checks: what the adapter does not declare is unsupported without calling back).
   */
  @SuppressWarnings("unchecked")
  private Map<String, Object> answerReproduce(Map<String, Object> message) throws Refusal {
    if (!(message.get("request") instanceof Map<?, ?> inner)) {
      throw new IllegalArgumentException("reproduce without a request object");
    }
    Map<String, Object> request = new LinkedHashMap<>((Map<String, Object>) inner);
    request.put("id", message.get("id"));
    Object parsed = switch (String.valueOf(request.get("cmd"))) {
      case "cast" -> castRequest(request);
      case "chain" -> chain == null ? null : chainRequest(request);
      case "validate" -> validateRequest(request);
      default -> null;
    };
    if (parsed == null) {
      throw Refusal.unsupported("no reproducer for " + Json.write(request.get("cmd")));
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("status", "ok");
    answer.put("language", reproduceLanguage);
    answer.put("code", reproduce.reproduce(parsed));
    return answer;
  }

  /** open_array, read_array, write_array through the Stores callbacks. */
  @SuppressWarnings("unchecked")
  private Map<String, Object> answerStore(String cmd, Map<String, Object> message)
      throws Refusal {
    String path = (String) message.get("path");
    if (cmd.equals("open_array")) {
      stores.openArray(path);
      return Map.of("status", "valid");
    }
    String dataType = (String) message.get("data_type");
    checkTypes(dataType);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("status", "ok");
    if (cmd.equals("read_array")) {
      long[] values = stores.readArray(path, dataType);
      long count = ((Json.Number) message.get("count")).decimal().longValueExact();
      if (values.length != count) {
        throw new IllegalStateException("read " + values.length + " elements, the array has "
            + count);
      }
      answer.put("elements", Elements.pack(dataType, values, encoding));
      return answer;
    }
    List<Object> ranges = (List<Object>) message.get("selection");
    long[][] selection = new long[ranges.size()][];
    for (int d = 0; d < selection.length; d++) {
      List<Object> range = (List<Object>) ranges.get(d);
      selection[d] = new long[] {((Json.Number) range.get(0)).decimal().longValueExact(),
          ((Json.Number) range.get(1)).decimal().longValueExact()};
    }
    stores.writeArray(path, (Map<String, Object>) message.get("metadata"), dataType, selection,
        inputs(message, dataType));
    return answer;
  }

  /** Serves requests from `in` until bye or end of input; answers flushed one by one. */
  public int serve(InputStream in, OutputStream out) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    PrintStream answers = new PrintStream(out, false, StandardCharsets.UTF_8);
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      String answer;
      try {
        answer = handle(line);
      } catch (IllegalArgumentException notARequest) {
        System.err.println("cvc adapter: not a request: " + notARequest.getMessage());
        return 2;
      }
      if (answer == null) {
        return 0;
      }
      answers.print(answer);
      answers.print('\n');
      answers.flush();
    }
    return 0;
  }

  /**
   * Serves stdin/stdout, then exits the JVM with the loop's status. System.out is moved to
   * stderr first, so that whatever the implementation prints never reaches the protocol.
   */
  public void run() {
    OutputStream protocolOut = new FileOutputStream(FileDescriptor.out);
    System.setOut(System.err);
    int status;
    try {
      status = serve(System.in, protocolOut);
    } catch (IOException e) {
      System.err.println("cvc adapter: " + e);
      status = 3;
    }
    System.exit(status);
  }
}
