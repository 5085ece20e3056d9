"""``python -m chesslaws``."""

import sys

from chesslaws.cli import main

sys.exit(main())
