"""`python -m cardgames`: the command line (see `cardgames.cli`)."""

from __future__ import annotations

from cardgames.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
