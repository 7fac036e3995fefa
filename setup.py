"""The build step that puts the suite into the wheel.

``spec/``, ``vectors/`` and ``features/`` stay where they are in the repository (one copy in git);
building a wheel copies them into the package as ``ginspec/data/``, where ``ginspec.suite.paths`` finds
them through ``importlib.resources``. An editable install reads the checkout instead.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SUITE_FOLDERS = ("spec", "vectors", "features")  # the same list as ginspec.suite.paths.SUITE_FOLDERS


class BuildPyWithSuite(build_py):
    """``build_py``, then the suite's data folders copied into ``ginspec/data/`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "ginspec" / "data"
        shutil.rmtree(target, ignore_errors=True)
        for folder in SUITE_FOLDERS:
            source = HERE / folder
            if not source.is_dir():
                raise SystemExit(f"cannot build ginspec: the suite folder {folder}/ is missing from {HERE}")
            shutil.copytree(source, target / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithSuite})
