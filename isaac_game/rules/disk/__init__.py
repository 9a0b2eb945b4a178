"""The rules' files on disk, made safe: what may be found where a file of ours should
be (a pipe, a link to a device, JSON nested without end, a planted temporary file) and
what two programs on one saved game would do to it.

- `files`: read a regular file only, at most N bytes whatever `stat` says, never
  blocking; JSON of bounded depth; atomic writes (a unique temporary file made
  exclusively, synced, renamed, its folder synced) and the sweep of the temporary
  files a killed write left; appends that never run two lines together.
- `lock`: a saved game open in one program at a time (`GameLock`).

Standard library only, like all of `isaac_game.rules`; the records, the journal and
everything outside the rules that reads or writes a file of ours goes through here.
"""

from .files import (
    MAX_JSON_DEPTH,
    SMALL_FILE_BYTES,
    STALE_SECONDS,
    TEMPORARY_NAME,
    FileReadError,
    append_text,
    json_depth,
    parse_json,
    read_bytes,
    read_head,
    read_json,
    read_text,
    sweep_temporaries,
    sync_folder,
    write_atomically,
)
from .lock import GameLock, lock_path, locked_elsewhere

__all__ = [
    "MAX_JSON_DEPTH",
    "SMALL_FILE_BYTES",
    "STALE_SECONDS",
    "TEMPORARY_NAME",
    "FileReadError",
    "GameLock",
    "append_text",
    "json_depth",
    "lock_path",
    "locked_elsewhere",
    "parse_json",
    "read_bytes",
    "read_head",
    "read_json",
    "read_text",
    "sweep_temporaries",
    "sync_folder",
    "write_atomically",
]
