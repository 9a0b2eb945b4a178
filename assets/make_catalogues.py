"""The translation catalogues, made with Babel (a dev tool: the `test` extra has it).

    python assets/make_catalogues.py            extract, update every .po, compile every .mo
    python assets/make_catalogues.py extract    write the template isaac_game/locale/isaac_game.pot
    python assets/make_catalogues.py update     merge the template into every language's .po
    python assets/make_catalogues.py compile    write every .mo from its .po
    python assets/make_catalogues.py check      say what is stale; exit 1 if anything is
    python assets/make_catalogues.py init CODE  start the catalogue of a new language

A translator edits only `isaac_game/locale/<code>/LC_MESSAGES/isaac_game.po`, then runs
this with no argument. A new language is one new `.po` (copy the template) and one line
in `isaac_game.i18n.LANGUAGES`. The `.mo` files are committed, so both an installed
wheel and a clean clone's editable install have them; the tests fail when one of them,
or the template, disagrees with the code or its `.po`.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "isaac_game"
LOCALE = SOURCE / "locale"
DOMAIN = "isaac_game"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: Words the tools of isaac_game/client/tools and the command line print stay English.
SKIPPED = ("client/tools/", "commands/")
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists())


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extracted() -> Catalog:
    """Every marked string of the code, as a template catalogue."""
    catalog = Catalog(project="isaac_game", domain=DOMAIN, charset="utf-8", fuzzy=False)
    method_map = [("**.py", "python")]

    def wanted(name: str, method: str, options: dict) -> bool:
        return not any(part in name.replace("\\", "/") for part in SKIPPED)

    for filename, lineno, message, comments, context in extract_from_dir(
        str(SOURCE),
        method_map=method_map,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        callback=None,
        strip_comment_tags=True,
    ):
        if not wanted(filename, "python", {}):
            continue
        catalog.add(
            message,
            None,
            [(f"isaac_game/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def template_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
    return _without_dates(out.getvalue())


#: The header fields that would change from run to run, fixed, so that a catalogue is
#: the same bytes whenever its messages are: the dates (Babel would write the time of
#: each run, and takes the time of reading for a date that is missing, which the .mo
#: would then carry) and the Babel version that wrote it (a new release of Babel
#: would otherwise make every catalogue stale).
FIXED_DATES = {
    b"POT-Creation-Date": b"2026-11-25 00:00+0000",
    b"PO-Revision-Date": b"2026-11-25 00:00+0000",
    b"Generated-By": b"Babel",
}


def _without_dates(text: bytes) -> bytes:
    """`text` with the header's dates and writer set to `FIXED_DATES`."""
    for name, value in FIXED_DATES.items():
        line = b'"' + name + b": " + value + b'\\n"'
        text = re.sub(b'"' + name + b': [^"]*"', lambda _match, line=line: line, text)
    return text


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code)


def updated_po(code: str, template: Catalog) -> bytes:
    catalog = read(po_path(code), code)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return _without_dates(out.getvalue())


def mo_bytes(code: str) -> bytes:
    catalog = read(po_path(code), code)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def stale() -> list[str]:
    """What disagrees with the code or its `.po`: the template, a `.po` missing strings
    (or keeping dropped ones), a `.mo`."""
    problems = []
    template = extracted()
    if not TEMPLATE.exists() or TEMPLATE.read_bytes() != template_bytes(template):
        problems.append(f"{TEMPLATE.relative_to(ROOT)} is not what the code marks")
    for code in languages():
        if po_path(code).read_bytes() != updated_po(code, template):
            problems.append(f"{po_path(code).relative_to(ROOT)} is not merged with the template")
        if not mo_path(code).exists() or mo_path(code).read_bytes() != mo_bytes(code):
            problems.append(f"{mo_path(code).relative_to(ROOT)} is not compiled from its .po")
    return problems


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    template = extracted()
    if step in ("extract", "all"):
        TEMPLATE.write_bytes(template_bytes(template))
    if step in ("update", "all"):
        for code in languages():
            po_path(code).write_bytes(updated_po(code, template))
    if step in ("compile", "all"):
        for code in languages():
            mo_path(code).write_bytes(mo_bytes(code))
    if step == "check":
        problems = stale()
        for line in problems:
            print(line)
        return 1 if problems else 0
    if step == "init":  # a new language: assets/make_catalogues.py init <code>
        code = argv[1]
        po_path(code).parent.mkdir(parents=True, exist_ok=True)
        fresh = Catalog(locale=code, project="isaac_game", domain=DOMAIN, fuzzy=False)
        fresh.update(template)
        out = io.BytesIO()
        write_po(out, fresh, width=100, sort_output=True, include_lineno=False)
        po_path(code).write_bytes(_without_dates(out.getvalue()))
        mo_path(code).write_bytes(mo_bytes(code))
        return 0
    if step not in ("extract", "update", "compile", "all", "check"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
