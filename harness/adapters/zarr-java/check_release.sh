#!/usr/bin/env bash
# Re-checks whether the newest release of zarr-java on Maven Central (dev.zarr:zarr-java) has the
# float16 data type (and a cast_value codec): reads Maven Central's metadata for the newest
# version, fetches that jar (without its dependencies) with mvn, and lists the constants of its
# Zarr v3 DataType enum and the codecs of its CodecRegistry (NOTES.md).
# Exit 0 and one line when float16 is still absent; 3 when the release has it (time to write the
# command-line program of harness/protocol/PROTOCOL.md, "The store command line"); 1 on any other failure.
set -euo pipefail
case "${1:-}" in
  -h|--help)
    echo "usage: harness/adapters/zarr-java/check_release.sh [VERSION]"
    echo "Checks the newest dev.zarr:zarr-java release (or VERSION) for the float16 data type and"
    echo "the cast_value codec. Exit 0 when float16 is absent, 3 when present, 1 on failure."
    exit 0 ;;
esac
fail() { echo "zarr-java check: $*" >&2; exit 1; }
for tool in mvn curl unzip javap; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool not found"
done
metadata="https://repo1.maven.org/maven2/dev/zarr/zarr-java/maven-metadata.xml"
version="${1:-$(curl -fsS "$metadata" | sed -n 's:.*<release>\(.*\)</release>.*:\1:p')}"
[ -n "$version" ] || fail "could not read the newest version from $metadata"
mvn -q -B dependency:get -Dartifact="dev.zarr:zarr-java:$version" -Dtransitive=false >/dev/null 2>&1 ||
  fail "mvn could not fetch dev.zarr:zarr-java:$version"
jar="${HOME}/.m2/repository/dev/zarr/zarr-java/$version/zarr-java-$version.jar"
[ -f "$jar" ] || fail "no jar at $jar"
types=$(javap -cp "$jar" dev.zarr.zarrjava.v3.DataType |
  sed -n 's/.*static final dev.zarr.zarrjava.v3.DataType \([A-Z0-9_]*\);/\1/p' | tr 'A-Z\n' 'a-z ')
codecs=$(unzip -l "$jar" | sed -n 's:.*dev/zarr/zarrjava/v3/codec/core/\([A-Za-z0-9]*\)Codec.class:\1:p' |
  tr '\n' ' ')
echo "dev.zarr:zarr-java $version (sha256 $(sha256sum "$jar" | cut -c1-16)...): v3 data types: $types; codecs: $codecs"
case " $types " in
  *" float16 "*) echo "zarr-java $version HAS float16"; exit 3 ;;
esac
echo "zarr-java $version has no float16 data type (and no cast_value codec): nothing to run"
