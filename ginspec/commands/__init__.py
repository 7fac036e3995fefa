"""The ``ginspec`` command (layer 10): ``main`` builds the parser and runs one command; every
command lives in its own module here (``check``, ``hand``, ``score``, ``replay``, ``play``,
``fuzz``, ``coverage``, ``variants``, ``new_engine``, ``cases``, ``dependence``, ``game``,
``game_play``, ``seeds``, ``selftest``; ``shared`` holds what several of them read or print, and
``playground_link`` the ``--link`` of ``hand`` and ``score``). A
command parses its options, calls the layers below and prints; the work itself lives below.

May import: every layer below it. Only ``ginspec/__main__.py`` and the site's command-line
reference import it.
"""
