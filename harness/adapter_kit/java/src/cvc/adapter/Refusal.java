package cvc.adapter;

/**
 * What a callback throws instead of answering; its kind decides the answer's status
 * (PROTOCOL.md, "Cast" and "Validate"). Any other exception is the adapter's own error (status
 * error, with its stack trace).
 */
public final class Refusal extends Exception {
  private static final long serialVersionUID = 1L;

  /** The kinds of refusal. */
  public enum Kind {
    /** The implementation refused the array as a whole (the codec raised): the kit bisects. */
    CAST_FAILED,
    /** It refused the configuration or metadata: status rejected (invalid for a validate). */
    REJECTED,
    /** It cannot express this request at all: status unsupported. */
    UNSUPPORTED,
    /** validate: it refuses the array metadata: status invalid. */
    INVALID,
  }

  private final Kind kind;

  private Refusal(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  public static Refusal castFailed(String message) {
    return new Refusal(Kind.CAST_FAILED, message);
  }

  public static Refusal rejected(String message) {
    return new Refusal(Kind.REJECTED, message);
  }

  public static Refusal unsupported(String message) {
    return new Refusal(Kind.UNSUPPORTED, message);
  }

  public static Refusal invalid(String message) {
    return new Refusal(Kind.INVALID, message);
  }
}
