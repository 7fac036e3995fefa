"""Long text shortened for a report without losing either end: an engine's error output puts its
message first (Java, Go, Rust, C#) or last (Python), so both the head and the tail are kept, and
the place between them says how much was cut."""

from __future__ import annotations


def cut_marker(count: int) -> str:
    """What stands in for ``count`` characters left out."""
    return f"[... {count} characters cut ...]"


def middle_cut(text: str, shown: int) -> str:
    """``text`` if it is at most ``shown`` characters long; else its head and its tail, about
    ``shown`` characters in all, with how many characters were cut between them."""
    if len(text) <= shown:
        return text
    head, tail = text[: shown // 2], text[-(shown - shown // 2) :]
    return f"{head.strip()} {cut_marker(len(text) - len(head) - len(tail))} {tail.strip()}"


def shorten_words(text: str, width: int) -> str:
    """``text`` on one line, at most ``width`` characters: if longer, cut at the last whole word
    that fits, followed by an ellipsis (a rule's statement is never cut in the middle of a word)."""
    line = " ".join(text.split())
    if len(line) <= width:
        return line
    cut = line[: width - 1]
    if line[width - 1] != " " and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "\u2026"
