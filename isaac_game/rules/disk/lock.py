"""One game, one program: a lock held for as long as a saved game is open.

Two windows that both go on with the same save both append their moves to it, and
the file no longer describes any game. So a program that opens a save for play
first takes its lock, and holds it until the game is closed; a second program finds
it taken and leaves the file alone ("This game is open in another window").

The lock is the operating system's, on a small file beside the save
(`.NAME.lock`): Linux and macOS `flock`, Windows `msvcrt.locking` on its first
byte. Both are released by the system when the holder exits, crashes or is killed,
so a lock is never left stale: a lock file left behind by a killed program is free
to take. Two handles on the file conflict even inside one process, which is what
lets one program's tests stand in for two programs too.

Releasing removes the lock file. On POSIX that is done while the lock is still
held, and whoever locks the file checks afterwards that the path still names the
file it locked, so two programs can never each hold a different file of one name.
On Windows an open file cannot be removed, so the removal comes after the unlock
and is skipped while another program has the file open.

No lock possible never means "write anyway". When the lock file cannot be made or
locked (a read-only folder, which may still hold a writable save; a link or a folder
planted at the lock's name; a file system without locks), `acquire` says no and
`refused` says why: the caller leaves the file as it is (the game goes on in a new
file that can be locked, or is not saved at all), exactly as when another program
holds it. Two windows that each find no lock possible therefore never both write.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from pathlib import Path

#: A lock found taken is tried again for this long: `locked_elsewhere` holds it for
#: an instant to ask, and that instant must not pass for another program's game.
BUSY_RETRY = (0.01, 0.02, 0.04, 0.08)

_FLAGS = (
    os.O_RDWR
    | getattr(os, "O_NOFOLLOW", 0)  # a link planted at the lock's name is not followed
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)  # msvcrt locks from the current position
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


def _still_there(fd: int, path: Path) -> bool:
    """Does `path` still name the file `fd` locked? A POSIX holder removes the file as it
    lets go, so one locked a moment too late may be gone. (On Windows an open file
    cannot be removed: what was opened is what is there.)"""
    if os.name == "nt":
        return True
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(path))
    except OSError:
        return False


def _open(path: Path) -> int:
    """The lock file, made if need be. One that exists but is not ours to write (a
    read-only lock file, a read-only disk) is opened to read: a lock needs no more."""
    try:
        return os.open(path, _FLAGS | os.O_CREAT, 0o666)
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        try:
            return os.open(path, (_FLAGS & ~os.O_RDWR) | os.O_RDONLY)
        except OSError:
            raise error from None


def _reason(error: OSError) -> str:
    """An OSError in a few words: the system's reason ("Permission denied")."""
    return error.strerror or str(error)


def lock_path(target: str | os.PathLike[str]) -> Path:
    """The lock file of the file `target`: `.NAME.lock` beside it."""
    target = Path(target)
    return target.with_name(f".{target.name}.lock")


class GameLock:
    """The lock of one saved game (see the module's docstring). Not reentrant: a
    second `GameLock` on the same file, in this program or another, finds it taken."""

    def __init__(self, target: str | os.PathLike[str]) -> None:
        self.target = Path(target)
        self.path = lock_path(target)
        self._fd: int | None = None
        #: Why no lock can be had here at all ("" when the last try could lock, or
        #: found another holder): the system's reason, in English. Nothing may be
        #: written to the file then, as when another program holds it.
        self.refused = ""

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: True when this object holds it now; False when another holder
        has it (after a tenth of a second of trying: never longer) or no lock can be
        had here (`refused` says why, at once)."""
        self.refused = ""
        for pause in (*BUSY_RETRY, None):
            taken = self._try()
            if taken is not None:
                return taken
            if pause is not None:
                time.sleep(pause)
        return False

    def _try(self) -> bool | None:
        """One try: True when held now, False when no lock can be had, None when
        another holder has it."""
        if self.held:
            return True
        for _ in range(10):  # another program may remove the file as we open it
            try:
                fd = _open(self.path)
            except OSError as error:
                self.refused = _reason(error)
                return False
            try:
                if not _try_lock(fd):
                    os.close(fd)
                    return None
            except OSError as error:  # no locks on this file system (some network shares)
                os.close(fd)
                self.refused = _reason(error)
                return False
            if _still_there(fd, self.path):
                self._fd = fd
                return True
            _unlock(fd)
            os.close(fd)
        return None

    def release(self) -> None:
        """Let the lock go (and remove its file); nothing happens when it is not held."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if os.name != "nt":
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(fd)
        os.close(fd)
        if os.name == "nt":
            with contextlib.suppress(OSError):
                self.path.unlink()

    def __enter__(self) -> GameLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()


def locked_elsewhere(target: str | os.PathLike[str]) -> bool:
    """Does another holder have the lock of `target` now? A question only: no lock
    file is made, and the answer may change a moment later (take the lock to know)."""
    try:
        fd = os.open(lock_path(target), _FLAGS)
    except OSError:
        return False  # no lock file (or none we can open): nobody holds it
    try:
        if _try_lock(fd):
            _unlock(fd)
            return False
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
