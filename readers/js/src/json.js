// A JSON parser that keeps the source text of every object member.
//
// The vectors write numbers exactly as a codec's metadata holds them ("1.0", "-0.0", "1e400",
// 2^63 - 1): JSON.parse would turn them into doubles and lose what was written. This parser gives
// the same plain values as JSON.parse and, through rawMember(), the exact text of any member of
// any object it produced, so that a test can hand an implementation its metadata unchanged.

// The objects of the first two levels (a vector file and its groups) -> where they start in their
// source; anything below them is found again from there when asked for (registering every
// object would make the garbage collector's work grow with the file: WeakMaps of millions).
const REGISTERED_DEPTH = 2;
const starts = new WeakMap();
const sources = new WeakMap();
const spanCache = new WeakMap(); // registered object -> Map(path text -> spans of that value)

/**
 * The exact source text of the value at `path` (member names and array indices) below `object`,
 * an object of the first two levels of a parse() (a vector file or one of its groups), e.g.
 * rawAt(group, "fill_value") or rawAt(group, "configurations", 3, "scalar_map"); undefined when
 * there is no such value or `object` is not one parse() registered.
 */
export function rawAt(object, ...path) {
  const source = sources.get(object);
  if (source === undefined) return undefined;
  let cache = spanCache.get(object);
  if (cache === undefined) spanCache.set(object, (cache = new Map()));
  let span = [starts.get(object), undefined];
  let prefix = "";
  for (const step of path) {
    let spans = cache.get(prefix);
    if (spans === undefined) {
      spans = new Map();
      scan(source, span[0], spans);
      cache.set(prefix, spans);
    }
    span = spans.get(typeof step === "number" ? step : String(step));
    if (span === undefined) return undefined;
    prefix += "\u0000" + String(step);
  }
  return span[1] === undefined ? undefined : source.slice(span[0], span[1]);
}

/** The exact source text of `object[key]` (rawAt with one step). */
export function rawMember(object, key) {
  return rawAt(object, key);
}

/** Where offset `at` is in `text`, as "line L, column C" (both from 1). */
function position(text, at) {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${at - start + 1}`;
}

/** The deepest nesting of objects and arrays read (cvc's kMaxJsonDepth): deeper is refused, never a stack overflow. */
export const MAX_JSON_DEPTH = 256;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const CONTROL = /[\u0000-\u001f]/;
const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Parses `text` (where: a name for messages, e.g. the file's path) like JSON.parse; every object
 * remembers its members' source spans for rawMember(). Stricter than JSON.parse: an object with a
 * key twice, or nesting deeper than MAX_JSON_DEPTH, is refused (docs/input-contract.md, rules 6
 * and 7). Throws an Error naming where the text is not JSON.
 */
export function parse(text, where = "JSON text") {
  const [value, end] = scan(text, 0, null, where);
  let i = end;
  while (i < text.length && " \n\r\t".includes(text[i])) i++;
  if (i !== text.length) throw new Error(`${where}: not JSON at ${position(text, i)}: text after the value`);
  return value;
}

/**
 * Parses the value at offset `from` of `text`; returns [value, end offset]. With `topSpans` (a
 * Map), records there the spans of that value's members (an object: by name) or elements (an
 * array: by index) instead of registering objects.
 */
function scan(text, from, topSpans, where = "JSON text") {
  const scanner = new Scanner(text, from, topSpans, where);
  const value = scanner.value();
  return [value, scanner.i];
}

/** A recursive-descent reading of one JSON value, its depth bounded by MAX_JSON_DEPTH. */
class Scanner {
  constructor(text, from, topSpans, where) {
    this.text = text;
    this.from = from;
    this.topSpans = topSpans;
    this.where = where;
    this.i = from;
    this.depth = 0; // objects and arrays open around the current value
  }

  fail(what) {
    throw new Error(`${this.where}: not JSON at ${position(this.text, this.i)}: ${what}`);
  }

  space() {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else return;
    }
  }

  /** Enters an object or array: one level deeper, refused past the limit (never a stack overflow). */
  open() {
    if (this.depth >= MAX_JSON_DEPTH) this.fail(`nested deeper than the limit of ${MAX_JSON_DEPTH} levels`);
    this.depth++;
    this.i++;
  }

  string() {
    const text = this.text;
    const start = this.i + 1; // after the opening quote
    const close = text.indexOf('"', start);
    if (close === -1) this.fail("unterminated string");
    const plain = text.slice(start, close);
    // Fast path: no escape and no control character (the vectors' strings nearly all).
    if (plain.indexOf("\\") === -1 && !CONTROL.test(plain)) {
      this.i = close + 1;
      return plain;
    }
    this.i = start;
    return this.escapedString();
  }

  escapedString() {
    const text = this.text;
    let out = "";
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c === 0x22) {
        this.i++;
        return out;
      }
      if (Number.isNaN(c)) this.fail("unterminated string");
      if (c < 0x20) this.fail("control character in a string");
      if (c !== 0x5c) {
        out += text[this.i++];
        continue;
      }
      const e = text[this.i + 1];
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        this.i += 2;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(this.i + 2, this.i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(this.i + 2, this.i + 6), 16));
        this.i += 6;
      } else {
        this.fail("bad escape in a string");
      }
    }
  }

  object() {
    const text = this.text;
    const start = this.i;
    this.open();
    const object = {};
    const spans = this.topSpans !== null && start === this.from ? this.topSpans : null;
    this.space();
    if (text[this.i] === "}") {
      this.i++;
    } else {
      this.members(object, spans);
    }
    this.depth--;
    if (this.topSpans === null && this.depth < REGISTERED_DEPTH * 2 - 1) {
      starts.set(object, start);
      sources.set(object, text);
    }
    return object;
  }

  /** The members of `object` up to its closing brace; a key twice is refused, neither taken. */
  members(object, spans) {
    const text = this.text;
    for (;;) {
      this.space();
      if (text[this.i] !== '"') this.fail("expected a member name");
      const keyAt = this.i;
      const key = this.string();
      if (Object.hasOwn(object, key)) {
        this.i = keyAt; // the message points at the second one
        this.fail(`the key ${JSON.stringify(key)} twice in one object (neither is taken)`);
      }
      this.space();
      if (text[this.i] !== ":") this.fail("expected ':'");
      this.i++;
      this.space();
      const memberStart = this.i;
      const member = this.value();
      if (spans !== null) spans.set(key, [memberStart, this.i]);
      // Like JSON.parse, "__proto__" is a plain member.
      if (key === "__proto__") {
        Object.defineProperty(object, key, { value: member, writable: true, enumerable: true, configurable: true });
      } else {
        object[key] = member;
      }
      this.space();
      if (text[this.i] === ",") {
        this.i++;
        continue;
      }
      if (text[this.i] === "}") {
        this.i++;
        return;
      }
      this.fail("expected ',' or '}'");
    }
  }

  array() {
    const text = this.text;
    const spans = this.topSpans !== null && this.i === this.from ? this.topSpans : null;
    this.open();
    const array = [];
    this.space();
    if (text[this.i] === "]") {
      this.i++;
      this.depth--;
      return array;
    }
    for (;;) {
      this.space();
      const elementStart = this.i;
      array.push(this.value());
      if (spans !== null) spans.set(array.length - 1, [elementStart, this.i]);
      this.space();
      if (text[this.i] === ",") {
        this.i++;
        continue;
      }
      if (text[this.i] === "]") {
        this.i++;
        this.depth--;
        return array;
      }
      this.fail("expected ',' or ']'");
    }
  }

  value() {
    const text = this.text;
    this.space();
    const c = text[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(text);
    if (m === null) this.fail(this.i >= text.length ? "unexpected end" : `unexpected ${JSON.stringify(text[this.i])}`);
    this.i = NUMBER.lastIndex;
    return Number(m[0]);
  }
}

const LITERALS = [["true", true], ["false", false], ["null", null]];
