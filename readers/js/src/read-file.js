// Reading one file of a vector folder as the input contract says (docs/input-contract.md, rules 1,
// 2 and 6): its type taken from lstat before anything is opened (a FIFO is never waited on, a
// link never followed), opened with O_NOFOLLOW | O_NONBLOCK, its size checked with fstat before a
// byte is read, read with a bounded read, and decoded as strict UTF-8.

import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { VectorsError } from "./errors.js";

/** The limit on a file's size, the same in every consumer (cvc's; the largest published file is under 8 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** What a non-regular file is, for messages. */
export function kindOf(stat) {
  if (stat.isDirectory()) return "a folder";
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "a special file";
}

/** Why a file system call failed, in words (the code and the OS's message). */
const reason = (err) => (err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? err));

/**
 * The bytes of the regular file `path` (relative to `dir`; named so in messages). Refused
 * (VectorsError) when it is not a regular file (lstat, then fstat on what was opened), is larger
 * than `maxBytes`, or changes size while it is read.
 */
export function readRegularFile(dir, path, maxBytes = DEFAULT_MAX_FILE_BYTES) {
  const full = join(dir, path);
  let stat;
  try {
    stat = lstatSync(full);
  } catch (err) {
    throw new VectorsError(`${path}: cannot be read: ${reason(err)}`);
  }
  if (!stat.isFile()) throw new VectorsError(`${path}: ${kindOf(stat)}, not a regular file (never opened or followed)`);
  let fd;
  try {
    fd = openSync(full, OPEN_FLAGS);
  } catch (err) {
    throw new VectorsError(`${path}: cannot be opened: ${reason(err)}`);
  }
  try {
    return boundedRead(fd, path, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** The whole content of the open regular file `fd`, at most `maxBytes`, never more than fstat's size. */
function boundedRead(fd, path, maxBytes) {
  const stat = fstatSync(fd);
  // Replaced between lstat and open (by a FIFO, say): what was opened is checked again.
  if (!stat.isFile()) throw new VectorsError(`${path}: ${kindOf(stat)}, not a regular file`);
  if (stat.size > maxBytes) throw new VectorsError(`${path}: ${stat.size} bytes, larger than the limit of ${maxBytes}`);
  // One byte more than the size: a file that grew while it is read is seen, never read without end.
  const buffer = Buffer.allocUnsafe(stat.size + 1);
  let length = 0;
  for (;;) {
    let n;
    try {
      n = readSync(fd, buffer, length, buffer.length - length, null);
    } catch (err) {
      throw new VectorsError(`${path}: cannot be read: ${reason(err)}`);
    }
    if (n === 0) break;
    length += n;
    if (length === buffer.length) throw new VectorsError(`${path}: grew while it was read (more than the ${stat.size} bytes fstat gave)`);
  }
  if (length !== stat.size) throw new VectorsError(`${path}: shrank while it was read (${length} of the ${stat.size} bytes fstat gave)`);
  return buffer.subarray(0, length);
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `bytes` as text; refused (VectorsError naming `path` and the byte) when they are not UTF-8. */
export function decodeUtf8(bytes, path) {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new VectorsError(`${path}: not UTF-8 (first bad byte at offset ${firstBadUtf8Byte(bytes)})`);
  }
}

/** The offset where the UTF-8 sequence that does not decode begins (for messages). */
function firstBadUtf8Byte(bytes) {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // The sequence's length and the range of its second byte (overlong forms and surrogates excluded).
    const [length, low, high] = b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf] : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f]
      : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf] : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0];
    if (length === 0 || i + length > bytes.length || bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}
