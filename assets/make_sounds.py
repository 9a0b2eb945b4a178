"""Synthesise the game's sound effects and music loop into assets/sounds/*.wav.

Run `python assets/make_sounds.py`. Pure standard library (math, wave, random with a
fixed seed), so the output is reproducible; the files are made by the project and
share its licence.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent / "sounds"


def envelope(t: float, attack: float, decay: float) -> float:
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(freqs, seconds, attack=0.004, decay=0.08, noise=0.0, seed=1, vibrato=0.0):
    rng = random.Random(seed)
    samples = []
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        f = freqs(t) if callable(freqs) else freqs
        value = math.sin(2 * math.pi * f * t + vibrato * math.sin(2 * math.pi * 6 * t))
        value += 0.35 * math.sin(4 * math.pi * f * t)
        value += noise * (rng.random() * 2 - 1)
        samples.append(value * envelope(t, attack, decay))
    return samples


def concat(*parts, gap=0.0):
    out = []
    for part in parts:
        out += part + [0.0] * int(gap * RATE)
    return out


def write(name: str, samples, gain=0.5) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(s / peak * gain * 32767)) for s in samples))


def main() -> None:
    write("place", tone(lambda t: 180 - 60 * t, 0.16, decay=0.035, noise=0.25))
    write("remove", tone(lambda t: 300 + 900 * t, 0.22, decay=0.09, noise=0.05))
    write("counter", tone(880, 0.07, decay=0.02), gain=0.35)
    write("click", tone(1200, 0.04, decay=0.01), gain=0.25)
    write("pass", concat(tone(523, 0.14, decay=0.06), tone(392, 0.22, decay=0.09)), gain=0.4)
    write("illegal", tone(lambda t: 110, 0.2, decay=0.08, noise=0.35), gain=0.45)
    # a clock that is short: two quick high pips, heard over a game's other sounds
    write(
        "clock",
        concat(tone(1320, 0.07, decay=0.03), tone(1320, 0.07, decay=0.03), gap=0.06),
        gain=0.4,
    )
    notes = (523.25, 659.25, 783.99, 1046.5)
    write(
        "win",
        concat(*(tone(f, 0.18, decay=0.12) for f in notes[:-1]), tone(1046.5, 0.6, decay=0.3)),
    )
    # A quiet eight-second pad: four chords, each a soft stack of sines.
    chords = (
        (220, 277.18, 329.63),
        (196, 246.94, 293.66),
        (174.61, 220, 261.63),
        (196, 246.94, 329.63),
    )
    music = []
    for chord in chords:
        for i in range(2 * RATE):
            t = i / RATE
            env = min(1.0, t / 0.4, (2 - t) / 0.4)
            music.append(env * sum(math.sin(2 * math.pi * f * t) for f in chord) / 3)
    write("music", music, gain=0.3)


if __name__ == "__main__":
    main()
