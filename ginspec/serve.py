"""``python -m ginspec.serve``: the reference engine behind the JSON-lines protocol (:mod:`ginspec.adapters.serve`)."""

from ginspec.adapters.serve import main, serve  # noqa: F401

if __name__ == "__main__":
    raise SystemExit(main())
