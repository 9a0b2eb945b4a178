"""The catalogues: every marked string of the code is in the template, every language's
`.po` is merged with it and translated in full (no empty or fuzzy entry), its
placeholders are its source's, and the committed `.mo` files are compiled from the
`.po` as they are now, so neither an installed wheel nor a clean clone shows stale
words. `assets/make_catalogues.py` makes all of them; these tests say when it must run."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from assets import make_catalogues as catalogues
from isaac_game import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TRANSLATING_CALLS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}


def catalogue(code: str):
    with catalogues.po_path(code).open("rb") as handle:
        return read_po(handle, locale=code)


def placeholders(text: str) -> list[str]:
    """The `{name}` fields of a text, with their format specs, sorted."""
    return sorted(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def test_every_language_has_a_catalogue():
    assert sorted(TRANSLATED) == catalogues.languages() == ["it", "ko"]


def test_the_template_is_what_the_code_marks():
    template = catalogues.extracted()
    assert len(template) > 500  # every screen's words, not a few
    assert catalogues.TEMPLATE.read_bytes() == catalogues.template_bytes(template), (
        "run: python assets/make_catalogues.py"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_is_merged_and_compiled(code):
    template = catalogues.extracted()
    assert catalogues.po_path(code).read_bytes() == catalogues.updated_po(code, template), (
        "run: python assets/make_catalogues.py"
    )
    assert catalogues.mo_path(code).read_bytes() == catalogues.mo_bytes(code), (
        "run: python assets/make_catalogues.py compile"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_entry_is_empty_or_fuzzy(code):
    empty, fuzzy = [], []
    for message in catalogue(code):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            empty.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not empty, f"{len(empty)} untranslated in {code}: {empty[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in {code}: {fuzzy[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_their_source(code):
    wrong = []
    for message in catalogue(code):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = placeholders(sources[-1])
        for text in strings:
            if (
                text
                and placeholders(text) != wanted
                and not (len(sources) == 2 and placeholders(text) == placeholders(sources[0]))
            ):
                wrong.append(f"{sources[0]!r} -> {text!r}")
    assert not wrong, f"{len(wrong)} with other placeholders in {code}:\n" + "\n".join(wrong)


def test_plural_forms_are_each_languages():
    """Italian has two forms (1, and the rest); Korean one."""
    assert catalogue("it").num_plurals == 2
    assert catalogue("ko").num_plurals == 1
    i18n.set_language("it")
    one = i18n.ngettext("{count} piece", "{count} pieces", 1)
    many = i18n.ngettext("{count} piece", "{count} pieces", 5)
    assert one != many and "{count}" in one and "{count}" in many


def marked_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            count = TRANSLATING_CALLS.get(node.func.id)
            if count:
                yield node, count


def test_every_translated_string_is_a_literal():
    """Babel extracts only literal strings: `_(f"...")` or `_(text)` would never be
    translated, silently. (Translating a string kept from an `N_` mark is done with a
    name, so `_` alone may take one.)"""
    bad = []
    for path in sorted((ROOT / "isaac_game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call, count in marked_calls(tree):
            args = call.args[:count]
            literal = all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args)
            if call.func.id == "_" and len(args) == 1 and not isinstance(args[0], ast.JoinedStr):
                continue  # `_(label)` of a kept source string
            if not literal:
                bad.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not bad, "not a literal string:\n" + "\n".join(bad)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_what_gettext_reads(code):
    with catalogues.mo_path(code).open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    i18n.set_language(code)
    assert i18n.language() == code
    assert i18n._("Settings") == translations.gettext("Settings") != "Settings"
