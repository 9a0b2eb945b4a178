"""Make the one font the window uses: Noto Sans CJK KR, cut down to what it must draw.

    python assets/make_font.py [SOURCE.ttc]

SOURCE is Debian's `fonts-noto-cjk` collection (the default path below); the Korean
face of it is taken. What is kept:
- Latin (ASCII, Latin-1 and Latin Extended-A: Italian's accented letters and more);
- every Hangul syllable (U+AC00-U+D7A3) and the jamo, so that any Korean name or chat
  line from a peer renders;
- punctuation, arrows, shapes and symbols a text of the game uses;
- every character of the code's strings and of every catalogue, whatever else.
What is dropped: the CJK ideographs, the layout tables (pygame draws without shaping,
and Hangul syllables are precomposed) and the hinting. The line is made shorter: the
full face leaves room above and below for ideographs and vertical writing (1.45 em a
line), the kept glyphs need 1.27 em (`ASCENT`, `DESCENT`: the highest accented capital,
the lowest descender), so text sits as closely as the layouts were made for.

fontTools is a dev tool (the `test` extra), never a run-time dependency. The font's
licence (SIL OFL 1.1) is copied beside it as `assets/fonts/OFL.txt` by hand from the
package's copyright file; this script writes only the font. A test checks that every
character the game can show has a glyph in the result, so a new translation with a new
character makes that test fail until this script is run again.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACE = "Noto Sans CJK KR"
OUT = ROOT / "assets" / "fonts" / "NotoSansKR-subset.otf"

#: The line's top and bottom, in font units (1000 an em): Latin-1's highest (Å, 983)
#: and lowest (|, -279) ink, with Hangul well inside (842, -86).
ASCENT, DESCENT = 990, -280

RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 and Latin Extended-A
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2000, 0x206F),  # general punctuation: dashes, quotes, ellipsis, bullets
    (0x20A0, 0x20BF),  # currency
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x2460, 0x24FF),  # circled numbers
    (0x2500, 0x25FF),  # box drawing, blocks, geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols
    (0x2700, 0x27BF),  # dingbats (check marks, crosses)
    (0x3000, 0x303F),  # CJK punctuation
    (0x3130, 0x318F),  # Hangul compatibility jamo (what a keyboard types alone)
    (0xAC00, 0xD7A3),  # every Hangul syllable
    (0xFF01, 0xFF5E),  # full-width forms, often typed with Korean input methods
]


def text_characters() -> set[int]:
    """Every character in the code's text and in the catalogues."""
    found: set[int] = set()
    for pattern in ("isaac_game/**/*.py", "isaac_game/locale/**/*.po"):
        for path in ROOT.glob(pattern):
            found.update(ord(c) for c in path.read_text(encoding="utf-8") if c.isprintable())
    return found


def tighten_lines(font) -> None:
    """Set every table's line metrics to `ASCENT`/`DESCENT` with no line gap (FreeType,
    under pygame, reads `hhea`; other renderers the OS/2 ones)."""
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ASCENT, DESCENT, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ASCENT, DESCENT, 0
    os2.usWinAscent, os2.usWinDescent = ASCENT, -DESCENT


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else SOURCE
    collection = TTCollection(str(source))
    faces = [f for f in collection.fonts if f["name"].getDebugName(4) == FACE]
    if not faces:
        print(f"{source}: no face named {FACE!r}", file=sys.stderr)
        return 1
    font = faces[0]
    cmap = font.getBestCmap()
    wanted = {c for low, high in RANGES for c in range(low, high + 1)} | text_characters()
    kept = sorted(c for c in wanted if c in cmap)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.name_IDs = ["*"]  # keep the copyright, licence and names
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    tighten_lines(font)
    font.recalcTimestamp = False  # the same input makes the same bytes
    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(OUT))
    missing = sorted(c for c in wanted if c not in cmap and c >= 0x3000)
    print(f"{OUT.relative_to(ROOT)}: {len(kept)} characters, {OUT.stat().st_size:,} bytes")
    if missing:
        print(f"not in {FACE}: {len(missing)} wanted characters above U+3000")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
