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
