"""Whole hands and games played move by move (layer 7): one hand against the computer in the
terminal (``hand``) or at a table of three or four (``table_play``), a whole game (``game_play``,
``score_sheet``), saved transcripts and their replay through an engine (``transcripts``,
``replay_plan``, and for an engine laying off for the defender ``replay_automatic``), what the single-hand commands can honour of a variant (``honour``), and the
questions of the site's playground with the answers of ``hand`` and ``score`` (``playground``,
which the site's page runs in the browser: it imports only the standard library,
``reference_impl``, ``errors``, ``suite.notation`` and ``honour``).

May import: ``errors``, ``suite``, ``adapters``, ``judging``, ``bdd``, ``run`` (and
``reference_impl``).
"""
