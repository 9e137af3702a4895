"""A vector set's identity (docs/input-contract.md, rule 10): "published X" only when its
manifest.json's SHA-256 is one of the manifests the suite published (published_manifests.json,
written by scripts/published-manifests from the git history and shipped in the package); any other
set is a modified one, based on the version it declares, said with what it lacks against the last
published manifest of that version. The declared version alone never makes a set published."""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from importlib import resources

_PLAIN_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,40}")
_SHOWN = 5  # names listed in a message line (a line, not a listing)


@functools.lru_cache(maxsize=1)
def published_manifests() -> tuple[dict, ...]:
    """Every published manifest, oldest first: version, sha256, commit, files (the last of each
    version: [{path, sha256}]; None for earlier ones)."""
    text = (resources.files("cast_value_vectors") / "published_manifests.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["manifests"])


def quoted_version(version: str) -> str:
    """A declared version as a message shows it: as it is when plain, else quoted and cut short."""
    return version if _PLAIN_VERSION.fullmatch(version) else json.dumps(version[:40])


def _counted(names: list[str]) -> str:
    shown = ", ".join(names[:_SHOWN]) + (f" ... and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
    return f"{len(names)} ({shown})" if names else "0"


@dataclass
class Identity:
    manifest_sha256: str
    declared_version: str
    published: str | None = None  # the published version whose manifest this is
    compared_with: dict | None = field(default=None, repr=False)  # the declared version's last manifest
    missing: list[str] = field(default_factory=list)  # its files this set lacks
    changed: list[str] = field(default_factory=list)  # listed with another SHA-256
    added: list[str] = field(default_factory=list)  # listed here, not there

    @property
    def is_published(self) -> bool:
        return self.published is not None

    @property
    def based_on(self) -> str:
        return quoted_version(self.declared_version) if self.declared_version else "no version"

    @property
    def version(self) -> str:
        """What a report's vectors version holds: "1.3.0", or "modified (based on 1.3.0)"."""
        return self.published if self.published is not None else f"modified (based on {self.based_on})"

    def differences(self) -> str:
        """What a modified set lacks against the published manifest of its declared version."""
        if self.published is not None:
            return ""
        if self.compared_with is None:
            declared = quoted_version(self.declared_version) if self.declared_version else "(none declared)"
            return f"the suite published no vectors version {declared} to compare it with"
        return (f"against the published {self.compared_with['version']} (manifest SHA-256 "
                f"{self.compared_with['sha256'][:12]}...): lacks {_counted(self.missing)} of its files, lists "
                f"{_counted(self.changed)} with another SHA-256, adds {_counted(self.added)}")

    def verdict(self) -> str:
        """`published 1.3.0`, or `modified: based on 1.3.0, ...` (the verify command's last line)."""
        if self.published is not None:
            return f"published {self.published}"
        return f"modified: based on {self.based_on}, {self.differences()}"

    def description(self) -> str:
        """For a summary line: "published vectors 1.3.0" or "a modified vector set (based on ...)"."""
        if self.published is not None:
            return f"published vectors {self.published}"
        return f"a modified vector set (based on {self.based_on}): {self.differences()}"

    def to_json(self) -> dict:
        result = {"version": self.version, "published": self.is_published,
                  "declared_version": self.declared_version, "manifest_sha256": self.manifest_sha256}
        if not self.is_published:
            result["modified"] = {
                "compared_with": None if self.compared_with is None else
                {"version": self.compared_with["version"], "manifest_sha256": self.compared_with["sha256"]},
                "missing": self.missing, "changed": self.changed, "added": self.added}
        return result


def identify(manifest_sha256: str, declared_version: str, listed: dict[str, dict]) -> Identity:
    """The identity of a set whose manifest has this SHA-256, declares this version and lists
    these files (path -> entry with its sha256)."""
    identity = Identity(manifest_sha256, declared_version)
    rows = published_manifests()
    identity.published = next((row["version"] for row in rows if row["sha256"] == manifest_sha256), None)
    if identity.published is not None:
        return identity
    last = [row for row in rows if row["version"] == declared_version and row.get("files") is not None]
    if not last:
        return identity
    identity.compared_with = last[-1]
    expected = {entry["path"]: entry["sha256"] for entry in identity.compared_with["files"]}
    for relative, entry in listed.items():
        if relative not in expected:
            identity.added.append(relative)
        elif expected.pop(relative) != entry["sha256"]:
            identity.changed.append(relative)
    identity.missing = sorted(expected)
    return identity
