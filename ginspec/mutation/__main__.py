"""``python -m ginspec.mutation``: see :mod:`ginspec.mutation.cli`."""

import sys

from ginspec.mutation.cli import main

sys.exit(main())
