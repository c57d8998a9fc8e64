"""`python -m manastack.sim simulate|report ...` (the same commands as `manastack simulate|report`)."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
