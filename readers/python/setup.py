"""Carries the repository's vectors in the package: a wheel built from a clone (also `pip install
readers/python`) holds them as cast_value_vectors/vectors/. CAST_VALUE_VECTORS_SOURCE names
another folder to carry; with neither, the package carries none (say --cast-value-vectors DIR)."""
import json
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class build_py_with_vectors(build_py):
    def run(self):
        super().run()
        source = Path(os.environ.get("CAST_VALUE_VECTORS_SOURCE") or HERE.parent.parent / "vectors")
        manifest = source / "manifest.json"
        if not manifest.is_file():
            print(f"cast-value-vectors: no vectors at {source}: the package carries none")
            return
        target = Path(self.build_lib, "cast_value_vectors", "vectors")
        shutil.rmtree(target, ignore_errors=True)
        # Exactly the manifest's files and the manifest (the reader refuses anything unlisted).
        for relative in ["manifest.json"] + [f["path"] for f in json.loads(manifest.read_text())["files"]]:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / relative, target / relative)


setup(cmdclass={"build_py": build_py_with_vectors})
