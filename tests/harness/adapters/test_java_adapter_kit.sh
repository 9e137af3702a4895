#!/usr/bin/env bash
# The Java adapter kit (harness/adapter_kit/java): its unit tests (java/JavaKitTest.java, the
# protocol answers without the harness), then the README's ToyAdapter, extracted from the README
# as written, certified by `cvc run` on the int8 casts (must pass), and a mutant of it whose clamp
# forgets the upper bound (must fail: the run has teeth).
# usage: test_java_adapter_kit.sh CVC    (CVC: the built cvc binary)
# Exit 0 passed, 1 failed, 77 skipped (no JDK: javac or java not on PATH).
set -euo pipefail
cvc="${1:?usage: test_java_adapter_kit.sh CVC}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
for tool in javac java; do
  command -v "$tool" >/dev/null 2>&1 || { echo "java adapter kit: skipped: $tool not on PATH"; exit 77; }
done
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mapfile -t kit < <(find "$root/harness/adapter_kit/java/src" -name '*.java' | sort)

javac -Xlint:all -Werror -d "$scratch/unit" "${kit[@]}" "$here/java/JavaKitTest.java"
java -cp "$scratch/unit" JavaKitTest

# The README's example, byte for byte, and its mutant.
python3 - "$root/harness/adapter_kit/java/README.md" "$scratch" <<'PY'
import re, sys, pathlib
text = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")
block = re.search(r"<!-- example: file ToyAdapter.java -->\n```java\n(.*?)\n```", text, re.S)
if not block:
    sys.exit("README: no ToyAdapter.java block")
good = pathlib.Path(sys.argv[2], "good"); good.mkdir()
bad = pathlib.Path(sys.argv[2], "mutant"); bad.mkdir()
(good / "ToyAdapter.java").write_text(block.group(1) + "\n", encoding="utf-8")
clamp = "v = v.max(low).min(high);"
if clamp not in block.group(1):
    sys.exit("README: the ToyAdapter's clamp line changed; update the mutant")
(bad / "ToyAdapter.java").write_text(block.group(1).replace(clamp, "v = v.max(low);") + "\n",
                                     encoding="utf-8")
PY
cd "$root"
for version in good mutant; do
  javac -d "$scratch/$version/classes" "${kit[@]}" "$scratch/$version/ToyAdapter.java"
done
passed=0; failed=0
expect() {  # expect WHAT WANTED_EXIT VERSION
  local status=0
  "$cvc" run --vectors vectors --type int8 --family cast \
    --impl "java -cp $scratch/$3/classes ToyAdapter" >"$scratch/$3.out" 2>&1 || status=$?
  if [ "$status" = "$2" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $1: cvc run exited $status, wanted $2"; tail -20 "$scratch/$3.out"
  fi
}
expect "the README's ToyAdapter passes the int8 casts" 0 good
expect "the mutant ToyAdapter (clamp without its upper bound) fails" 1 mutant
grep -h '^Result:' "$scratch/good.out" "$scratch/mutant.out"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
