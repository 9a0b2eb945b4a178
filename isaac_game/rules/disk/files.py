"""Reading and writing the program's own files safely: saved games, their analysis,
the settings, the LAN ticket, the lessons done.

Every one of those files lives in a folder anyone with the user's rights may have
touched, or is named on the command line, so none is trusted to be what its name
says. What can be there instead, and what this module does about it:

- a FIFO (named pipe): an ordinary `open()` waits for a writer that never comes, so
  the program hangs before its window opens. Files are opened with `O_NONBLOCK`
  (a FIFO then opens at once) and refused unless `fstat` says "regular file";
- a link to a device such as `/dev/zero`: `stat` says 0 bytes and reading never
  ends. Non-regular files are refused, and whatever the file says its size is, at
  most `limit` bytes are read: one more means "too large";
- a dangling link or a loop of links: a one-line reason, never a traceback;
- JSON nested a hundred thousand deep: the parser would recurse until Python gives
  up (`RecursionError`, which no `except ValueError` catches). `read_json` measures
  the nesting first and refuses anything deeper than `MAX_JSON_DEPTH`.

Writing: `write_atomically` writes a temporary file with a fresh random name,
created exclusively (`O_EXCL`, so a planted file or link of that name is never
followed or reused) in the target's own folder, syncs it to the disk, renames it
over the target and then syncs the folder, so the rename itself survives a power
cut. A crash leaves the old file or the new one, never half of either; a program
killed mid-write (`kill -9`, a power cut) also leaves its temporary file, which
`sweep_temporaries` removes at the next start once it is old.
`append_text` adds lines to a journal, after a line break if the file lacks one.

Every failure to read is a `FileReadError` (a ValueError) whose message is one plain
line; failures to write are the OSError the system gave. Works on Linux, macOS and
Windows: where a flag does not exist (`O_NONBLOCK`, `O_NOCTTY` on Windows) it is
left out, and Windows, which cannot open a folder to sync it, journals the rename's
metadata itself (NTFS).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
import time
from pathlib import Path

#: Deeper than any file of ours nests (the analysis: object > list > list).
MAX_JSON_DEPTH = 32
#: The small JSON files (settings, ticket, lessons done): far more than they ever hold.
SMALL_FILE_BYTES = 64 * 1024

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)  # a link to a terminal never becomes ours
    | getattr(os, "O_BINARY", 0)  # Windows: bytes as they are
)
_APPEND_FLAGS = (
    os.O_RDWR
    | os.O_APPEND
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
_NEW_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
_LINE_BREAKS = (b"\n", b"\r")
#: Random bytes in a temporary file's name (as hex digits: twice as many).
_TEMPORARY_BYTES = 6
#: The name `write_atomically` gives its temporary file: `.NAME.<12 hex digits>.tmp`.
TEMPORARY_NAME = re.compile(rf"\..+\.[0-9a-f]{{{2 * _TEMPORARY_BYTES}}}\.tmp")
#: A temporary file older than this is a killed write's: one under way (in another
#: window) is seconds old, since every write to it changes its time.
STALE_SECONDS = 3600.0
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class FileReadError(ValueError):
    """A file that cannot be read as asked; the message says why in one line
    ("not a regular file (a pipe)"). `missing` is True when nothing is there."""

    def __init__(self, reason: str, missing: bool = False) -> None:
        super().__init__(reason)
        self.missing = missing


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def _check_regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise FileReadError(f"not a regular file ({_kind(mode)})")


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them (more is an
    error, whatever `stat` says the size is). Never blocks; raises FileReadError."""
    data = _read(path, limit + 1)
    if len(data) > limit:
        raise FileReadError(f"far too large (more than {limit:,} bytes)")
    return data


def read_head(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes (or fewer) of the regular file at `path`: enough to read
    a record's header lines without reading its moves. Raises FileReadError."""
    return _read(path, size)


def _read(path: str | os.PathLike[str], most: int) -> bytes:
    try:
        _check_regular(os.stat(path).st_mode)  # a device is refused before it is opened
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileReadError("a link to a file that is not there") from None
        raise FileReadError("cannot be read (no such file)", missing=True) from None
    except OSError as error:
        raise FileReadError(f"cannot be read ({_why(error)})") from None
    try:
        _check_regular(os.fstat(fd).st_mode)  # it may have been swapped since the stat
        chunks: list[bytes] = []
        total = 0
        while total < most:
            chunk = os.read(fd, min(1 << 16, most - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise FileReadError(f"cannot be read ({_why(error)})") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """`read_bytes`, decoded as UTF-8 (anything else is a FileReadError)."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileReadError("not a UTF-8 text file") from None


def json_depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings
    do not count). Linear in the text, with no recursion."""
    depth = deepest = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, max_depth: int = MAX_JSON_DEPTH) -> object:
    """`json.loads`, refusing text nested deeper than `max_depth` (FileReadError) before
    the parser could recurse that far; bad JSON is a FileReadError too."""
    if json_depth(text) > max_depth:
        raise FileReadError(f"nested more than {max_depth} deep")
    try:
        return json.loads(text)
    except ValueError as error:
        raise FileReadError(f"not valid JSON ({error})") from None


def read_json(
    path: str | os.PathLike[str], limit: int = SMALL_FILE_BYTES, max_depth: int = MAX_JSON_DEPTH
) -> object:
    """The JSON value in the regular file at `path` (at most `limit` bytes, nested at
    most `max_depth` deep); FileReadError saying why not."""
    return parse_json(read_text(path, limit), max_depth)


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """Make a rename (or a new file) in `folder` survive a power cut. POSIX: fsync the
    folder itself. Windows cannot open a folder as a file; NTFS journals the rename."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a folder we may write but not read: nothing more we can do
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno == errno.EIO:
            raise  # the disk failed: the rename may not be there after a restart
        # EINVAL and the like: this file system does not sync folders
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _new_temporary(target: Path) -> tuple[int, Path]:
    """A new file beside `target`, with a random name no one could have planted."""
    for _ in range(100):
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(_TEMPORARY_BYTES)}.tmp")
        try:
            return os.open(temporary, _NEW_FILE_FLAGS, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(target.parent))


def _keep_mode(fd: int, target: Path) -> None:
    """Give the new file the old one's permissions (a save the user made private stays
    private). POSIX only: Windows has no such modes to keep."""
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        with contextlib.suppress(OSError):  # no old file: the umask's mode stays
            fchmod(fd, stat.S_IMODE(os.stat(target).st_mode))


def write_atomically(
    path: str | os.PathLike[str], data: str | bytes, make_folder: bool = True
) -> None:
    """Replace `path` with `data` (text is written as UTF-8, its line breaks as given) so
    that a crash or a power cut leaves either the old file or the new one. Raises
    OSError when the disk says no (the old file is then untouched). `make_folder`:
    make the folder first if it is missing; without it a missing folder is an OSError
    (a file that only belongs beside another never brings a deleted folder back)."""
    target = Path(path)
    if make_folder:
        target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, temporary = _new_temporary(target)
    try:
        try:
            _keep_mode(fd, target)
            _write_all(fd, raw)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    sync_folder(target.parent)


def sweep_temporaries(
    folder: str | os.PathLike[str], older_than: float = STALE_SECONDS
) -> list[Path]:
    """Remove the temporary files of writes killed midway from `folder` (nothing else
    ever would): regular files named as `write_atomically` names them (`TEMPORARY_NAME`)
    and unchanged for `older_than` seconds, so a write under way in another window is
    never touched. Links, folders and other names are left alone. Never raises (a
    missing folder has nothing to sweep); the files removed."""
    removed: list[Path] = []
    now = time.time()
    try:
        with os.scandir(folder) as entries:
            found = [e for e in entries if TEMPORARY_NAME.fullmatch(e.name)]
    except OSError:
        return removed
    for entry in found:
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove
        removed.append(Path(entry.path))
    return removed


def append_text(path: str | os.PathLike[str], text: str) -> None:
    """Append `text` to the regular file at `path` and sync it to the disk. A file
    whose last line has no line break gets one first, so the last line is never
    run together with the new one. Raises OSError (FileNotFoundError when the file
    is gone: it is never made here, since half a record is worse than none)."""
    fd = os.open(path, _APPEND_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size:
            os.lseek(fd, info.st_size - 1, os.SEEK_SET)
            if os.read(fd, 1) not in _LINE_BREAKS:
                text = "\n" + text
        _write_all(fd, text.encode("utf-8"))  # O_APPEND: at the end, wherever we read
        os.fsync(fd)
    finally:
        os.close(fd)
