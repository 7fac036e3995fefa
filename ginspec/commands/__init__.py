"""The ``ginspec`` command: ``main`` builds the parser and dispatches; every command lives in
its own module here and only parses its options, calls the packages below and prints.

May import: every package of ``ginspec``; nothing imports ``ginspec.commands`` except
``ginspec.__main__`` (and the site's command reference, which reads the parser).
"""
