"""Carries the repository's vectors in the package: a wheel built from a clone (also `pip install
readers/python`) holds them as cast_value_vectors/vectors/. CAST_VALUE_VECTORS_SOURCE names
another folder to carry; with neither, the package carries none (say --cast-value-vectors DIR).

The folder is checked by the reader itself before a byte is copied (its manifest, paths inside
the folder and listed once, no link, FIFO or unlisted file: docs/input-contract.md), and each
file is copied from the bytes the reader read and checked (size and SHA-256): a folder the reader
would refuse is refused here, never copied outside the build folder."""
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "src"))
from cast_value_vectors.bounded_files import read_regular_file  # noqa: E402  (this source tree's reader)
from cast_value_vectors.errors import VectorsError  # noqa: E402
from cast_value_vectors.reading import VectorSet  # noqa: E402


class build_py_with_vectors(build_py):
    def run(self):
        super().run()
        source = Path(os.environ.get("CAST_VALUE_VECTORS_SOURCE") or HERE.parent.parent / "vectors")
        if not os.path.lexists(source / "manifest.json"):
            print(f"cast-value-vectors: no vectors at {source}: the package carries none")
            return
        try:
            vectors = VectorSet(source)
            files = {relative: vectors.read_listed(relative) for relative in vectors.listed}
            files["manifest.json"] = read_regular_file(source / "manifest.json")
            if hashlib.sha256(files["manifest.json"]).hexdigest() != vectors.manifest_sha256:
                raise VectorsError(f"{source}/manifest.json: changed while the folder was read")
        except VectorsError as e:
            sys.exit(f"cast-value-vectors: refusing to carry the vectors: {e}")
        target = Path(self.build_lib, "cast_value_vectors", "vectors")
        shutil.rmtree(target, ignore_errors=True)
        # Exactly the manifest's files and the manifest (the reader refuses anything unlisted).
        for relative, data in files.items():
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            (target / relative).write_bytes(data)
        print(f"cast-value-vectors: carrying {vectors.identity.description()}")


def vectors_version():
    """The package's version: the vectors' version (their manifest's vectors_version), so that a
    wheel says which vectors it was made for; 0.0.0.dev0 when it carries none."""
    source = Path(os.environ.get("CAST_VALUE_VECTORS_SOURCE") or HERE.parent.parent / "vectors")
    try:
        return str(json.loads((source / "manifest.json").read_text(encoding="utf-8"))["vectors_version"])
    except (OSError, ValueError, KeyError, TypeError):
        return "0.0.0.dev0"


setup(version=vectors_version(), cmdclass={"build_py": build_py_with_vectors})
