"""``python -m ginspec.detection.mutation``: see :mod:`ginspec.detection.mutation.cli`."""

import sys

from ginspec.detection.mutation.cli import main

sys.exit(main())
