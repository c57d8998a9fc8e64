"""`python -m manastack`: the command line (manastack/cli.py)."""

from .cli import main

raise SystemExit(main())
