"""YAML read safely, the way the oracles' tests read the suite's files: with libyaml where it is
installed (the large vector files take seconds with the pure-Python parser), shared by nothing in
the engine."""

from __future__ import annotations

from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The document of ``text``, read with the safe loader."""
    return yaml.load(text, Loader=LOADER)
