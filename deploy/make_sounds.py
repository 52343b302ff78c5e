"""Writes the table's sounds (static/sounds/*.wav): short tones synthesised here, 8-bit mono
at 11 025 Hz, a kilobyte or a few each, so a phone on a slow network loads them at once.
Run ``python deploy/make_sounds.py`` after changing one; the files are committed."""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 11025
OUT = Path(__file__).resolve().parents[1] / "static" / "sounds"


def tone(freq, seconds, volume=0.5, decay=6.0):
    """A sine with a quick attack and an exponential fall."""
    n = int(RATE * seconds)
    return [
        volume * min(1.0, i / 60) * math.exp(-decay * i / n) * math.sin(2 * math.pi * freq * i / RATE)
        for i in range(n)
    ]


def noise(seconds, volume=0.4, decay=8.0, smooth=4):
    """Soft noise (a moving average of random samples): a card's slide."""
    rng = random.Random(35)
    raw = [rng.uniform(-1, 1) for _ in range(int(RATE * seconds) + smooth)]
    n = len(raw) - smooth
    return [volume * math.exp(-decay * i / n) * sum(raw[i : i + smooth]) / smooth for i in range(n)]


def silence(seconds):
    return [0.0] * int(RATE * seconds)


SOUNDS = {
    "turn": tone(660, 0.14) + tone(880, 0.22),  # up a fifth: your move
    "play": noise(0.05, 0.6, 10) + tone(220, 0.06, 0.4, 9),  # a card laid down
    "draw": noise(0.13, 0.35, 5, 6),  # a card slid off the pile
    "niko": tone(784, 0.09) + tone(988, 0.09) + tone(1175, 0.18),  # three quick steps up
    "end": tone(523, 0.14) + tone(659, 0.14) + tone(784, 0.14) + silence(0.02) + tone(1047, 0.35, 0.5, 4),
}


def write(name, samples):
    with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(1)  # 8-bit: unsigned, 128 the silence
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("B", max(0, min(255, round(128 + 127 * s)))) for s in samples))


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name, samples in SOUNDS.items():
        write(name, samples)
