"""``python -m cli``: the rulebook command line."""
import sys

from cli.main import main

sys.exit(main())
