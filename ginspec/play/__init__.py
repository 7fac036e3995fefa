"""Whole hands and games played move by move: a hand against the computer in the terminal, at a
table of three or four, a whole game, saved transcripts and their replay through an engine, and
what the single-hand commands can honour of a variant.

May import: ``ginspec.errors``, ``ginspec.suite.loaded``, ``ginspec.adapters``, ``ginspec.judging``,
``ginspec.bdd``, ``ginspec.run``.
"""
