"""Safe YAML loading with errors that name the file.

Every YAML document the suite reads (vectors, variants, transcripts, expectation files, ``--set``
values) goes through :func:`load_yaml` or :func:`load_yaml_text`:

- no tags are executed (a safe loader);
- the text must be UTF-8; anything else is one error naming the file and the byte offset;
- a mapping that sets one key twice is refused, naming the key and both lines (a safe loader
  otherwise keeps the last value silently, so a variant, a vector or a saved game would be played
  with a value its author may not have meant);
- what the document may *expand to* is bounded: aliases let a few lines stand for a structure of
  billions of nodes ("billion laughs"), which would hang every later step (schema validation,
  judging, printing). A document whose expansion exceeds :data:`MAX_EXPANDED_NODES` nodes, or
  which refers to itself, is refused before it is built.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ginspec.suite import parsed_cache
from ginspec.errors import SuiteError, quote
from ginspec.suite.paths import display

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (several times faster), else the pure-Python one."""

SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's safe writer when PyYAML has it (several times faster), else the pure-Python one."""

MAX_EXPANDED_NODES = 2_000_000
"""Nodes a document may expand to once every alias is replaced by what it names (the largest
vector file expands to well under a tenth of this)."""


MAX_EXPANDED_CHARACTERS = 50_000_000
"""Characters of text (every scalar, keys included) a document may expand to once every alias is
replaced by what it names: a long string named by an alias a million times stays under the node
bound but would expand to gigabytes when a report or a message writes it out (the largest vector
file holds well under a hundredth of this)."""


class ExpansionTooLarge(ValueError):
    """A YAML document that expands beyond the bound, or into itself."""


def expanded_size(root: yaml.Node, limit: int = MAX_EXPANDED_NODES, characters: int = MAX_EXPANDED_CHARACTERS) -> int:
    """Nodes of ``root`` with aliases expanded, computed on the shared node graph (each node once),
    so that a bomb is measured without being built; the characters of its scalars are bounded the
    same way. Raises :class:`ExpansionTooLarge`."""
    sizes: dict[int, int] = {}
    texts: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if key in sizes:
            continue
        children = _children(node)
        if not children_done:
            if key in open_nodes:
                raise ExpansionTooLarge("an alias refers to the node that contains it")
            open_nodes.add(key)
            stack.append((node, True))
            for child in children:
                if id(child) not in sizes:
                    if id(child) in open_nodes:
                        raise ExpansionTooLarge("an alias refers to the node that contains it")
                    stack.append((child, False))
            continue
        open_nodes.discard(key)
        size = 1 + sum(sizes[id(child)] for child in children)
        if size > limit:
            raise ExpansionTooLarge(f"aliases expand it to more than {limit:,} nodes")
        text = len(node.value) if isinstance(node, yaml.ScalarNode) else sum(texts[id(child)] for child in children)
        if text > characters:
            raise ExpansionTooLarge(f"aliases expand it to more than {characters:,} characters")
        sizes[key] = size
        texts[key] = text
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


class DuplicateKey(ValueError):
    """A YAML mapping that sets one key twice."""


def _key_text(node: yaml.Node) -> str:
    return quote(str(node.value)) if isinstance(node, yaml.ScalarNode) else f"a {node.id} key"


def _duplicate(node: yaml.MappingNode, keys: list[Any]) -> DuplicateKey:
    """The error naming the first key of ``node`` set twice; ``keys`` are its keys, built, in order."""
    first_line: dict[Any, int] = {}
    for (key_node, _), key in zip(node.value, keys):
        line = key_node.start_mark.line + 1
        if key in first_line:
            return DuplicateKey(f"line {line}: the key {_key_text(key_node)} is set twice (first on line {first_line[key]})")
        first_line[key] = line
    return DuplicateKey("a key is set twice")


class UniqueKeysLoader(SAFE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, refusing a mapping that sets one key twice. The check costs one comparison
    of lengths per mapping: only a mapping that came out shorter than it is written, or one that
    merges another (``<<``, whose keys its own may replace), is looked at key by key."""

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> Any:
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep=deep)
        own = list(node.value)
        merges = any(key.tag == "tag:yaml.org,2002:merge" for key, _ in own)
        mapping = super().construct_mapping(node, deep=deep)
        if merges or len(mapping) < len(own):
            written = [(key, value) for key, value in own if key.tag != "tag:yaml.org,2002:merge"]
            keys = [self.construct_object(key, deep=True) for key, _ in written]  # built already: no cost
            if len(set(keys)) < len(keys):
                raise _duplicate(yaml.MappingNode(node.tag, written), keys)
        return mapping


class BoundedLoader(UniqueKeysLoader):
    """The safe loader, measuring a document's expanded size before constructing it."""

    def construct_document(self, node: yaml.Node) -> Any:
        expanded_size(node)
        return super().construct_document(node)


def load_yaml_text(text: str, where: str, error: type[SuiteError]) -> Any:
    """Load one YAML document from ``text``; errors name ``where`` (a file or an option).

    Only a document with an anchor (``&``) can hold aliases, so only such a document is measured
    before it is built; any other expands to no more nodes than its text has characters."""
    loader = BoundedLoader if "&" in text else UniqueKeysLoader
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader: no tags are executed
    except ExpansionTooLarge as exc:
        raise error(f"{where}: refused: {exc}") from None
    except DuplicateKey as exc:
        raise error(f"{where}: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise error(f"{where}: not valid YAML{at}: {problem[:200]}") from None
    except RecursionError:
        raise error(f"{where}: refused: nested too deeply") from None


def _read_bytes(path: Path, error: type[SuiteError]) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise error(f"{display(path)}: cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL byte in the name
        raise error(f"{quote(str(path))}: cannot be read: {exc}") from None


def _decode(data: bytes, path: Path, error: type[SuiteError]) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{display(path)}: not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") from None


def read_text(path: Path, error: type[SuiteError]) -> str:
    """A file's text as UTF-8; an unreadable file or other bytes are one error naming the file."""
    return _decode(_read_bytes(path, error), path, error)


def load_yaml(path: Path, error: type[SuiteError]) -> Any:
    """Load one YAML document safely; a syntax error names the file and line. A document that
    parsed before, byte for byte, is taken from :mod:`ginspec.suite.parsed_cache`."""
    data = _read_bytes(path, error)
    key = parsed_cache.digest(data)
    document = parsed_cache.recall(key)
    if document is not parsed_cache.MISSING:
        return document
    document = load_yaml_text(_decode(data, path, error), display(path), error)
    parsed_cache.remember(key, document)
    return document
