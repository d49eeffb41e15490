"""The original WORDLE and 2048 ten-liners: their listings, sources and dictionary."""

from functools import lru_cache
from pathlib import Path

from atari.atascii import EOL
from atari.basic import load_program

LISTINGS_DIR = Path(__file__).resolve().parent
PROGRAM_NAMES = ("WORDLE", "B2048")


def listing_path(name: str, suffix: str = ".LST") -> Path:
    """Path of a listing file, e.g. listing_path("WORDLE", ".BAS")."""
    return LISTINGS_DIR / f"{name}{suffix}"


def listing_lines(name: str) -> list[bytes]:
    """The program lines of NAME.LST as bytes, without their ATASCII end-of-line."""
    lines = listing_path(name).read_bytes().split(bytes([EOL]))
    return lines[:-1] if lines[-1] == b"" else lines


@lru_cache(maxsize=None)
def load_listing(name: str):
    """NAME.LST loaded as a Program, once per process."""
    return load_program(listing_path(name).read_bytes())
