"""Make the short alert sounds of the game tables (issue 34: 13): assets/sounds/{turn,move,call,win}.wav.

Synthesised here with the standard library (sine tones under a short attack/decay envelope, 16 kHz,
8-bit mono: a few KB each), so no downloaded media ships with the site. Run again to remake them:
    python scripts/alert_sounds.py
"""

from __future__ import annotations

import math
import wave
from pathlib import Path

RATE = 16_000
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"

# each sound: (frequency Hz, start s, length s, volume 0..1) partials, mixed
SOUNDS: dict[str, list[tuple[float, float, float, float]]] = {
    "turn": [(784.0, 0.0, 0.16, 0.5), (1046.5, 0.12, 0.22, 0.5)],  # G5 then C6: "your turn"
    "move": [(523.3, 0.0, 0.06, 0.45), (1568.0, 0.0, 0.03, 0.2)],  # a short wooden click
    "call": [(659.3, 0.0, 0.1, 0.5), (659.3, 0.12, 0.1, 0.5)],  # E5 twice: a call (pon, chi, kan)
    "win": [(523.3, 0.0, 0.14, 0.4), (659.3, 0.12, 0.14, 0.4), (784.0, 0.24, 0.14, 0.4), (1046.5, 0.36, 0.3, 0.45)],  # C E G C
}


def _envelope(t: float, length: float) -> float:
    attack = min(0.008, length / 4)
    if t < attack:
        return t / attack
    return max(0.0, 1.0 - (t - attack) / (length - attack)) ** 2  # a quick, soft decay


def samples(partials: list[tuple[float, float, float, float]]) -> bytes:
    """The sound's 8-bit unsigned samples."""
    total = max(start + length for _, start, length, _ in partials)
    out = bytearray()
    for n in range(int(total * RATE)):
        t = n / RATE
        value = sum(
            vol * _envelope(t - start, length) * math.sin(2 * math.pi * freq * (t - start))
            for freq, start, length, vol in partials
            if start <= t < start + length
        )
        out.append(max(0, min(255, int(128 + 127 * max(-1.0, min(1.0, value))))))
    return bytes(out)


def main() -> None:
    """Write every sound."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, partials in SOUNDS.items():
        with wave.open(str(OUT / f"{name}.wav"), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(1)
            wav.setframerate(RATE)
            wav.writeframes(samples(partials))
        print(name, (OUT / f"{name}.wav").stat().st_size, "bytes")


if __name__ == "__main__":
    main()
