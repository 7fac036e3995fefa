"""The WebAssembly Python the playground runs the reference engine in (Pyodide), for the site.

The runtime is the npm package ``pyodide``, pinned with its digest in the repository's
``package.json`` and ``package-lock.json``. The site build installs it from the registry with
``npm ci`` into ``node_modules/`` (once: a folder already holding the locked version is used as it
is) and copies only the core files into the built site, so that the playground loads everything
from the site's own folder and nothing from another host. ``$GINSPEC_PYODIDE_DIR`` names a folder
holding those files instead (a build without the registry). Nothing here imports mkdocs.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

try:
    import fcntl
except ImportError:  # not POSIX: builds do not wait for each other
    fcntl = None  # type: ignore[assignment]

from ginspec.errors import SuiteError

PACKAGE = "pyodide"
CORE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the page needs of the package to run Python from the standard library alone: the loader,
the interpreter (JavaScript and WebAssembly), the standard library and the list of packages (which
the loader reads, though the playground loads none of them)."""
SITE_FOLDER = "assets/pyodide"
"""Where the core files go in the built site."""
NPM_SECONDS = 300


class RuntimeMissing(SuiteError):
    """The runtime cannot be found or installed; the message says what to do."""


def pinned_version(root: Path) -> str:
    """The version of ``pyodide`` that ``package-lock.json`` pins."""
    lock = root / "package-lock.json"
    try:
        packages = json.loads(lock.read_text(encoding="utf-8"))["packages"]
        return str(packages[f"node_modules/{PACKAGE}"]["version"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RuntimeMissing(f"{lock}: no pinned version of {PACKAGE} ({exc.__class__.__name__})") from None


def _installed_version(folder: Path) -> str | None:
    """The version of the package installed in ``folder``, or None."""
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _complete(folder: Path) -> bool:
    """Whether ``folder`` holds every core file."""
    return all((folder / name).is_file() for name in CORE_FILES)


def runtime_folder(root: Path) -> Path:
    """The folder holding the core files of the pinned runtime, installed with ``npm ci`` when
    ``node_modules/`` does not hold that version yet; :class:`RuntimeMissing` in one line when it
    cannot be had."""
    named = os.environ.get("GINSPEC_PYODIDE_DIR")
    if named:
        folder = Path(named)
        if not _complete(folder):
            missing = [name for name in CORE_FILES if not (folder / name).is_file()]
            raise RuntimeMissing(f"GINSPEC_PYODIDE_DIR={named}: no {', '.join(missing)}")
        return folder
    version = pinned_version(root)
    folder = root / "node_modules" / PACKAGE
    if _installed_version(folder) == version and _complete(folder):
        return folder
    with _installing(root):  # two builds at once: the second waits, then finds it installed
        if _installed_version(folder) == version and _complete(folder):
            return folder
        return _install(root, folder, version)


@contextlib.contextmanager
def _installing(root: Path) -> Iterator[None]:
    """Hold a lock on installing the runtime into ``root`` between processes (where the system
    has ``fcntl``)."""
    if fcntl is None:
        yield
        return
    with open(root / ".pyodide-install.lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _install(root: Path, folder: Path, version: str) -> Path:
    """``npm ci`` of the lock file into ``root/node_modules``."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing(
            f"the playground needs {PACKAGE} {version} (package-lock.json) and npm is not installed: "
            "install npm, or set GINSPEC_PYODIDE_DIR to a folder of its core files"
        )
    command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=NPM_SECONDS)
    except subprocess.TimeoutExpired:
        raise RuntimeMissing(f"npm ci: no answer from the registry in {NPM_SECONDS} seconds") from None
    if done.returncode != 0 or _installed_version(folder) != version or not _complete(folder):
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeMissing(f"npm ci could not install {PACKAGE} {version}: {last}")
    return folder


def core_files(root: Path) -> dict[str, Path]:
    """Each core file's place in the built site -> the file to copy there."""
    folder = runtime_folder(root)
    return {f"{SITE_FOLDER}/{name}": folder / name for name in CORE_FILES}
