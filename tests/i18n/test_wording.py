"""Both catalogues read as a native player writes (issue 41), and keep the words
docs/glossary.md chose: Italian names a piece by its value ("il pezzo da 1", never "il 1"),
its articles agree with every number a piece, a score or a cell can have, and it says
"Ripristina", "pad", "clicca", "piazzamento", "Invio"; Korean never says 당신, says 내다 for
HARI's plays, 플레이어 for a player, 동그라미 표시 for a ring, writes a piece "2(4칸)" with the
particle of its number; and numbers of thousands are grouped the language's way."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from assets import make_catalogues as catalogues
from isaac_game import i18n

FIELD = re.compile(r"\{(\w*)(?:![rsa])?(?::([^{}]*))?\}")


def entries(code: str):
    """(source, location paths, each translated form) of every message of `code`."""
    with catalogues.po_path(code).open("rb") as handle:
        catalogue = read_po(handle, locale=code)
    for message in catalogue:
        if not message.id:
            continue
        source = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        yield source, [path for path, _line in message.locations], forms


def offending(code: str, pattern: str, where=lambda source, paths: True) -> list[str]:
    found = re.compile(pattern)
    return [
        f"{source!r} -> {form!r}"
        for source, paths, forms in entries(code)
        if where(source, paths)
        for form in forms
        if form and found.search(form)
    ]


# --- Italian: articles and numbers ----------------------------------------------------

#: The fields that stand for words ("Nero", "riga 5, colonne 2-6", "pezzi da 1"): an
#: article may come before them. Every other field is a number or starts with one.
WORD_FIELDS = {"player", "side", "winner", "loser", "other", "supports", "where", "cell", "cells"}
WORD_FIELDS |= {"line", "boosted"}
#: Italian's definite articles, alone and joined to a preposition (di, a, da, su, in, con).
ARTICLES = "|".join(
    prefix + article
    for prefix in ("", "de", "a", "da", "su", "ne", "co")
    for article in (
        ("il", "lo", "la", "i", "gli", "le")
        if not prefix
        else ("l", "llo", "lla", "i", "gli", "lle")
    )
)
ARTICLE_BEFORE_FIELD = re.compile(r"\b(" + ARTICLES + r")\s+\{(\w+)", re.IGNORECASE)


def test_no_italian_article_stands_before_a_number_field():
    """`il {piece}` gives "il 1" and "il 8" (Italian: "l'1", "l'8"): the words name the
    piece instead ("il pezzo da {piece}"), whatever number comes."""
    bad = []
    for source, _paths, forms in entries("it"):
        for form in forms:
            for match in ARTICLE_BEFORE_FIELD.finditer(form):
                if match.group(2) not in WORD_FIELDS:
                    bad.append(f"{match.group(0)!r} in {source!r} -> {form!r}")
    assert not bad, "\n".join(bad)


def vowel_sound(number: str) -> str:
    """How the Italian word for `number` begins: "vowel" (uno, otto, undici, ottanta...),
    "z" (zero, "00"), else "consonant" (due, tre, cento, mille...)."""
    n = int(number)
    if n == 0:
        return "z"
    if n in (1, 11) or number.lstrip("0").startswith("8"):
        return "vowel"
    return "consonant"


FULL_ARTICLE = re.compile(
    r"\b(il|i|del|dei|al|ai|dal|dai|sul|sui|nel|nei|col|coi|la|della|alla|dalla|sulla|nella"
    r"|lo|dello|allo|dallo|sullo|nello)\s+(\d+)\b",
    re.IGNORECASE,
)
ELIDED_ARTICLE = re.compile(r"\b(l|dell|all|dall|sull|nell)['’](\d+)\b", re.IGNORECASE)
#: Every number a piece (1-6), a score (0 to past 100) or a cell (00-99) can have.
NUMBERS = [str(n) for n in range(0, 131)] + [f"{n:02d}" for n in range(10)]


def filled(text: str, number: str) -> str:
    def one(match: re.Match) -> str:
        name, spec = match.group(1), match.group(2) or ""
        if name in WORD_FIELDS:
            return "Nero"
        return number + ("%" if spec.endswith("%") else "")

    return FIELD.sub(one, text.replace("{{", "").replace("}}", ""))


def test_italian_articles_agree_with_every_number():
    """Filled with each number in turn, every Italian message writes "il 3", "l'8", "l'11",
    "lo 00", never "il 1", "il 80", "la 8" nor "l'3"."""
    bad = set()
    for source, _paths, forms in entries("it"):
        for form in forms:
            for number in NUMBERS:
                text = filled(form, number)
                for match in FULL_ARTICLE.finditer(text):
                    sound = vowel_sound(match.group(2))
                    zero_article = match.group(1).lower().endswith("lo")
                    if sound == "vowel" or (sound == "z") != zero_article:
                        bad.add(f"{match.group(0)!r} in {source!r}")
                for match in ELIDED_ARTICLE.finditer(text):
                    if vowel_sound(match.group(2)) != "vowel":
                        bad.add(f"{match.group(0)!r} in {source!r}")
    assert not bad, "\n".join(sorted(bad))


#: The fields that count things, outside `ngettext`.
COUNTS = {"count", "out", "solved", "dark_out", "light_out"}
#: Counts that are never 1: the stats screen's legend counts its last `LAST` (20) results.
ALWAYS_MANY = {"Last {count} results, oldest first:"}


def test_italian_counts_stand_apart_from_the_words_they_would_agree_with():
    """A number outside `ngettext` is never followed by a word that agrees with it:
    "{out} scartati" gives "1 scartati", so it stands after a colon ("scartati: {out}")."""
    bad = []
    for source, _paths, forms in entries("it"):
        if len(forms) > 1:
            continue  # an ngettext entry: each form agrees with its own number
        for form in forms:
            for match in re.finditer(r"\{(\w+)\} ([a-zà-ù]{4,})", form):
                field, word = match.groups()
                if field in COUNTS and word[-1] in "ie" and source not in ALWAYS_MANY:
                    bad.append(f"{match.group(0)!r} in {source!r} -> {form!r}")
    assert not bad, "\n".join(bad)


# --- Italian: the glossary's words --------------------------------------------------------

ITALIAN_RIVALS = {
    "Redo is Ripristina, never Ripeti": r"\b[Rr]ipet",
    "the pad is 'pad', never 'gamepad'": r"\b[Gg]amepad\b",
    "clicking is 'clicca', never 'fai clic'": r"\b[Ff]a(?:i|re) clic\b",
    "placing is 'piazzamento', never 'posizionamento'": r"[Pp]osizionament",
    "the key is Invio, never Enter": r"\bEnter\b",
    "the key is Maiusc, never Shift": r"\bShift\b",
    "the key is Fine, never End": r"\bEnd\b",
    "a player is 'giocatore', never 'lato'": r"\blat[oi]\b",
    "a blocked piece is 'bloccato', never 'congelato'": r"\bcongel",
    "'sulla riga 5', never 'in riga 5'": r"\bin (?:riga|colonna|\{(?:where|cell|cells|line)\})",
    "the pad is never a 'controller'": r"\b[Cc]ontroller\b",
}


#: Italian words a source's word must always become: (the source's word, what every
#: translation of it says). A level is not a person ("Difficile approva" used the level
#: as a name: the computer at that level speaks); Leave is the button "Esci"; Redo is
#: "Ripristina".
ITALIAN_REQUIRED = {
    "Hard is a level of the computer": (r"\bHard\b", r"computer \(Difficile\)"),
    "Leave is Esci": (r"^Leave", r"^(Esci|Uscire)\b"),
    "Redo is Ripristina": (r"\b[Rr]edo\b", r"(?i)ripristin"),
}


@pytest.mark.parametrize("rule", list(ITALIAN_REQUIRED))
def test_italian_keeps_the_chosen_word_for_its_source(rule):
    source_word, chosen = ITALIAN_REQUIRED[rule]
    bad = [
        f"{source!r} -> {form!r}"
        for source, _paths, forms in entries("it")
        if re.search(source_word, source)
        for form in forms
        if not re.search(chosen, form)
    ]
    assert not bad, rule + ":\n" + "\n".join(bad)


# --- Korean ---------------------------------------------------------------------------------


def test_korean_never_says_dangsin():
    """당신 sounds translated: the catalogue says 내, or leaves the subject out."""
    bad = offending("ko", "당신")
    assert not bad, "\n".join(bad)


def is_hari(source: str, paths: list[str]) -> bool:
    return any("/games/hari/" in path for path in paths)


def test_korean_hari_plays_with_naeda():
    """HARI's play (a placement or a discard) is 내다, never 두다."""
    # 다시 두기 is Redo
    plays = r"둡니다|두세요|두는|둘 수|둘 만|(?<!다시 )두기|두면|둔 뒤|두었|뒀|둬"
    bad = offending("ko", plays, is_hari)
    assert not bad, "\n".join(bad)


def test_korean_player_is_peulleieo():
    """A player is 플레이어; 사람 is only the human of the seat chooser."""
    bad = offending("ko", "사람", lambda source, paths: source != "Human")
    assert not bad, "\n".join(bad)


def test_korean_ring_is_donggeurami():
    """A ring in the rules' pictures is 동그라미 표시; 테두리 is the outline of a piece
    that may be removed."""
    bad = [
        f"{source!r} -> {form!r}"
        for source, _paths, forms in entries("ko")
        if "ringed" in source
        for form in forms
        if "동그라미 표시" not in form or "테두리" in form
    ]
    assert not bad, "\n".join(bad)


KOREAN_RIVALS = {
    "arrow keys in prose are 방향키, never Left/Right": r"(?<![A-Za-z])(?:Left|Right)(?![A-Za-z])",
    "a piece is written 2(4칸), no space before it": r"(\d|\{value\}) \(",
    "a level is never 탐욕": "탐욕",
    "never 다시 맞춰짐": "맞춰짐",
    "a counter stops on a piece, never 섬": r"위에 섬\b",
    "a move is never 악수 alone": r"^악수$",
}


RIVALS = {"it": ITALIAN_RIVALS, "ko": KOREAN_RIVALS}


@pytest.mark.parametrize(
    ("code", "rule"), [(code, rule) for code, rules in RIVALS.items() for rule in rules]
)
def test_each_language_keeps_the_glossary_word_and_not_its_rival(code, rule):
    bad = offending(code, RIVALS[code][rule])
    assert not bad, rule + ":\n" + "\n".join(bad)


#: The last sound of each digit's Korean reading: 일 (ㄹ), 이 (vowel), 삼 (consonant)...
LAST_SOUND = dict(zip("0123456789", "clvcvvcllv", strict=True))
PARTICLES = {"을": "를", "이": "가", "은": "는", "과": "와", "으로": "로"}
NUMBER_PARTICLE = re.compile(r"(\d+)(?: ?\(\d+칸\))?(으로|을|를|이|가|은|는|과|와|로)(?![가-힣])")


def right_particle(number: str, particle: str) -> str:
    base = {after: before for before, after in PARTICLES.items()}.get(particle, particle)
    sound = "c" if len(number) > 1 and number.endswith("0") else LAST_SOUND[number[-1]]
    if base == "으로":
        return "으로" if sound == "c" else "로"
    return PARTICLES[base] if sound == "v" else base


def test_korean_particles_follow_the_number():
    """`2(4칸)를`, `1(3칸)을`, `3과 4를`: a particle agrees with the number it follows,
    past a piece's parenthesis, never with 칸."""
    bad = []
    for source, _paths, forms in entries("ko"):
        for form in forms:
            for match in NUMBER_PARTICLE.finditer(form):
                number, particle = match.groups()
                if particle != right_particle(number, particle):
                    bad.append(f"{match.group(0)!r} in {source!r}")
    assert not bad, "\n".join(bad)


# --- both -------------------------------------------------------------------------------------

#: Where a text first meets the counter: it is named in full there, and shortly after.
COUNTER_INTRODUCED = {
    "3. Counters on the track": {"it": "marcatori di punteggio", "ko": "점수 마커"},
    "Both passed and you passed first, so you start the scoring phase.": {
        "it": "marcatore di punteggio",
        "ko": "점수 마커",
    },
}


@pytest.mark.parametrize("code", ["it", "ko"])
def test_the_counter_is_introduced_by_its_full_name(code):
    found = {}
    for source, _paths, forms in entries(code):
        for start, words in COUNTER_INTRODUCED.items():
            if source.startswith(start):
                found[start] = words[code] in forms[0]
    assert found == dict.fromkeys(COUNTER_INTRODUCED, True)


@pytest.mark.parametrize(
    ("code", "thousands", "millions"),
    [("en", "1,240", "1,234,567"), ("it", "1.240", "1.234.567"), ("ko", "1,240", "1,234,567")],
)
def test_numbers_are_grouped_the_language_way(code, thousands, millions):
    """A rating reads "1,240" in English and Korean, "1.240" in Italian."""
    try:
        i18n.set_language(code)
        assert i18n.number(1240) == thousands
        assert i18n.number(1_234_567) == millions
        assert i18n.number(-1240) == "-" + thousands
        assert i18n.number(999) == "999"
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_every_language_has_its_grouping():
    assert set(i18n.GROUPING) == set(i18n.LANGUAGES)
