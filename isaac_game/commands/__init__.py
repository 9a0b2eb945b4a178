"""The command line, one module per command: `cli.py` reads `isaac COMMAND ...` and runs
the chosen command's module (`play`, `learn`, `bench`, `arena`, `analyse`,
`fit_outlook`, `host`, `join`); `headless.py` is what `host` and `join` share, and
`lan_bench.py` the LAN latency bench (`python -m isaac_game.commands.lan_bench`).

The commands are the top of the house: they may import any part of the program, and
nothing outside this package imports them but `isaac_game/__main__.py`.
"""
