"""``python -m chesslaws.cli``."""

import sys

from chesslaws.cli import main

sys.exit(main())
