"""Setting the ``depends_on`` of vectors in a vector file's text, whatever its YAML style.

``ginspec dependence`` records what each case's answer depends on in the case's own file. The
file is the user's text: its comments, order of keys, quoting and style (block, flow or JSON) are
kept; only the value of each listed vector's ``depends_on`` is replaced, or the key added after
the vector's ``kind`` (after its ``id`` if it has none). The places come from the YAML parser's
own node positions, so a block list, a flow mapping or an ``id`` that is not the first key is
found like any other. The result is read back and must load equal to the original apart from
those ``depends_on`` values; anything else is refused rather than written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import yaml

from ginspec.errors import InvalidVector
from ginspec.suite.yamlio import SAFE_LOADER

Edit = tuple[int, int, str]
"""Replace ``text[start:end]`` by the string."""


def _key_value(mapping: yaml.MappingNode, name: str) -> tuple[yaml.Node, yaml.Node] | None:
    for key, value in mapping.value:
        if isinstance(key, yaml.ScalarNode) and key.value == name:
            return key, value
    return None


def _end(node: yaml.Node) -> int:
    """Where a value's own text ends: a block collection's end mark lies at the next key's line,
    so its end is that of its last item."""
    if isinstance(node, (yaml.SequenceNode, yaml.MappingNode)) and not node.flow_style and node.value:
        last = node.value[-1]
        return _end(last[1] if isinstance(last, tuple) else last)
    return node.end_mark.index


def _listing(names: tuple[str, ...], quoted: bool) -> str:
    if quoted:
        return "[" + ", ".join(json.dumps(name) for name in names) + "]"
    return "[" + ", ".join(names) + "]"


def _edit_for(text: str, vector: yaml.MappingNode, names: tuple[str, ...]) -> Edit:
    quoted = bool(vector.flow_style)
    present = _key_value(vector, "depends_on")
    if present is not None:
        key, value = present
        if isinstance(value, yaml.ScalarNode) and value.value == "" and not value.style:
            colon = text.index(":", key.end_mark.index)
            return colon + 1, colon + 1, " " + _listing(names, quoted)
        return key.end_mark.index, _end(value), ": " + _listing(names, quoted)
    anchor = _key_value(vector, "kind") or _key_value(vector, "id")
    if anchor is None:
        raise ValueError("no kind or id to place depends_on after")
    key, value = anchor
    after = _end(value)
    if vector.flow_style:
        return after, after, f", {json.dumps('depends_on') if _quoted_keys(key) else 'depends_on'}: {_listing(names, quoted)}"
    line_end = text.find("\n", after)
    line_end = len(text) if line_end < 0 else line_end
    return line_end, line_end, "\n" + " " * key.start_mark.column + "depends_on: " + _listing(names, False)


def _quoted_keys(key: yaml.ScalarNode) -> bool:
    return key.style in ('"', "'")


def rewrite_dependence(text: str, dependence: Mapping[str, tuple[str, ...]], where: str) -> str:
    """``text`` of a vector file with the ``depends_on`` of each vector in ``dependence`` set, the
    others left as they are. Raises :class:`InvalidVector` (naming ``where``) for a file whose
    text could not be changed faithfully."""
    try:
        root = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        raise InvalidVector(f"{where}: not valid YAML: {str(exc).splitlines()[0][:200]}") from None
    vectors = _key_value(root, "vectors") if isinstance(root, yaml.MappingNode) else None
    if vectors is None or not isinstance(vectors[1], yaml.SequenceNode):
        return text
    edits: list[Edit] = []
    for vector in vectors[1].value:
        if not isinstance(vector, yaml.MappingNode):
            continue
        identity = _key_value(vector, "id")
        case = identity[1].value if identity is not None and isinstance(identity[1], yaml.ScalarNode) else None
        if case is None or case not in dependence:
            continue  # only the vectors listed are changed
        try:
            edits.append(_edit_for(text, vector, tuple(dependence[case])))
        except ValueError as exc:
            raise InvalidVector(f"{where}: {case}: cannot record depends_on: {exc}") from None
    rewritten = text
    for start, end, replacement in sorted(edits, reverse=True):
        rewritten = rewritten[:start] + replacement + rewritten[end:]
    _confirm(text, rewritten, dependence, where)
    return rewritten


def _without_dependence(document: Any) -> Any:
    if isinstance(document, dict) and isinstance(document.get("vectors"), list):
        return {**document, "vectors": [{k: v for k, v in vector.items() if k != "depends_on"} if isinstance(vector, dict) else vector for vector in document["vectors"]]}
    return document


def _confirm(before: str, after: str, dependence: Mapping[str, tuple[str, ...]], where: str) -> None:
    """The rewritten text loads equal to the original but for the ``depends_on`` values, which
    are the ones worked out."""
    try:
        old, new = yaml.load(before, Loader=SAFE_LOADER), yaml.load(after, Loader=SAFE_LOADER)  # noqa: S506 - safe loader
    except yaml.YAMLError:
        raise InvalidVector(f"{where}: depends_on could not be recorded without breaking the file; it is left as it was") from None
    if _without_dependence(old) != _without_dependence(new):
        raise InvalidVector(f"{where}: depends_on could not be recorded without changing other keys; the file is left as it was")
    for vector in new.get("vectors") or () if isinstance(new, dict) else ():
        if isinstance(vector, dict) and vector.get("id") in dependence and vector.get("depends_on") != list(dependence[vector["id"]]):
            raise InvalidVector(f"{where}: {vector['id']}: depends_on could not be recorded; the file is left as it was")
