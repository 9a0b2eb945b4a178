"""The player's language: every word the window shows goes through here.

Source strings are English and stay in the code; `_`, `ngettext`, `pgettext` and
`npgettext` look them up in the catalogue of the language chosen (`set_language`), one
gettext catalogue per language in `isaac_game/locale/<code>/LC_MESSAGES/isaac_game.mo`,
compiled from the `.po` beside it by `assets/make_catalogues.py` (a test fails if one is stale).

The language can change while the program runs (Settings' Language row), so a string
that lives longer than one frame must be kept as its English source and translated
where it is shown: mark it with `N_` (extraction sees it, nothing is translated yet),
and call `_` on it when drawing. Whoever keeps translated text (a rendered-text cache, a
menu built once) registers with `on_change` to rebuild it.

A catalogue is read as carefully as the user's files, through the rules' reader
(`isaac_game.rules.disk`): a regular file of a sane size only, so a pipe never makes the
game wait before its window and a link to /dev/zero is never read without end. One that
cannot be used (missing, torn, not a file) leaves the window in English, and why is said
in one line on stderr, once a run: in English, since that is what is spoken then.

Nothing here is set by the command line's tools: they never call `set_language`, so
their output (records, `arena`, `analyse`, `host`, `join`) stays English.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import sys
from collections.abc import Callable
from pathlib import Path

from isaac_game.rules.disk.files import FileReadError, read_bytes

DOMAIN = "isaac_game"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
#: Every language the window speaks, each named in its own script (never translated).
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "ko": "한국어"}
#: The most a catalogue may weigh (each weighs about 120 KB): a bigger file is not one.
CATALOGUE_BYTES = 4 * 1024 * 1024

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_listeners: list[Callable[[str], None]] = []
_refused: set[Path] = set()  # the catalogues found unusable, each said once a run
_refusal = ""  # why the last language asked is not spoken ("" when it is)


def _(message: str) -> str:
    """`message` (English source) in the current language."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it yet: it is translated
    with `_` where it is shown, so a language switch reaches it."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` that fits `n` in the current language (Italian
    has two forms, Korean one)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart by `context` from the same English
    word in another sense ("Pass" the move and "Pass" the button)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


#: How each language marks the thousands of a whole number: "1,240", "1.240".
GROUPING: dict[str, str] = {"en": ",", "it": ".", "ko": ","}


def number(value: int) -> str:
    """A whole number as the window's language writes it, thousands marked: `1,240` in
    English and Korean, `1.240` in Italian. Every number shown to a player that can pass
    999 (a rating) goes through here, never through `f"{n:,}"`."""
    return f"{value:,}".replace(",", GROUPING.get(_language, ","))


def language() -> str:
    """The code of the language the window speaks now ("en", "it", "ko")."""
    return _language


def catalogue_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_catalogue(path: Path) -> gettext.GNUTranslations:
    """The compiled catalogue at `path`, read whole and bounded before gettext parses it;
    FileReadError saying why not."""
    data = read_bytes(path, CATALOGUE_BYTES)
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except Exception as error:  # gettext raises OSError, struct.error, UnicodeError, ...
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise FileReadError(f"not a gettext catalogue ({why})") from None


def set_language(code: str | None) -> str:
    """Speak `code` from now on (an unknown code or a missing catalogue: English), tell
    every listener, and return the code now spoken."""
    global _translations, _language, _refusal
    chosen = code if code in LANGUAGES else ENGLISH
    translations: gettext.NullTranslations = gettext.NullTranslations()
    _refusal = ""
    if chosen != ENGLISH:
        path = catalogue_path(chosen)
        try:
            translations = read_catalogue(path)
        except FileReadError as error:  # English rather than no game, and why
            _refusal = (
                f"{LANGUAGES[chosen]}: the translation cannot be read ({error}), "
                "so the window speaks English."
            )
            if path not in _refused:
                _refused.add(path)
                say = f"isaac: the catalogue {path}: {error}; the window speaks English"
                print(say, file=sys.stderr)
            chosen = ENGLISH
    changed = chosen != _language
    _translations, _language = translations, chosen
    if changed:
        for listener in list(_listeners):
            listener(chosen)
    return chosen


def refusal() -> str:
    """Why the language last asked for is not spoken, in one line for the window ("" when
    it is). English, as everything is then: the catalogue that would translate it is the
    one that could not be read."""
    return _refusal


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call `listener(code)` after every change of language; returns what unregisters it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language of the system's locale when the window speaks it, else English.

    gettext's own order is followed: LANGUAGE (a list), LC_ALL, LC_MESSAGES, LANG; then
    what the `locale` module reports (Windows and macOS set no variable)."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            wanted.extend(env[name].split(":"))
    if environ is None:
        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        if found:
            wanted.append(found)
    for tag in wanted:
        code = tag.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in ("c", "posix"):
            continue
        if code in LANGUAGES:
            return code
    return ENGLISH
