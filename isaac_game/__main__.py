"""`python -m isaac_game ...`: the same commands as the `isaac` script."""

import sys

from isaac_game.commands.cli import main

sys.exit(main())
