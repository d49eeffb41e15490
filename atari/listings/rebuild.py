"""Rebuild atari/listings/ from the readable sources in atari/listings/source/.

A source holds one program line per text line, as typed into the Atari. Bytes that are not
printable ASCII are written in braces as hex, `{B0 14 98}`, and a slice of WORDLE's packed
dictionary (source/wordle-dictionary.txt) as `{dictionary 71-77}` (Q$ byte positions, from 1).
From each source come NAME.LST (ATASCII end-of-line 0x9B, as ENTER reads it) and NAME.LST.TXT
(LF line ends), and NAME.BAS, the listing tokenized by the kit's own atari.basic (what SAVE writes
and LOAD reads).

    python -m atari.listings.rebuild           write the files
    python -m atari.listings.rebuild --check   exit 1 if a file differs from its source
"""

import argparse
import re
import sys
from pathlib import Path

from atari.basic import BasicError, LoadError, load_program, tokenize
from atari.atascii import EOL
from atari.listings import LISTINGS_DIR, PROGRAM_NAMES
from atari.listings.dictionary import DictionaryError, pack

SOURCE_DIR = LISTINGS_DIR / "source"
DICTIONARY_SOURCE = SOURCE_DIR / "wordle-dictionary.txt"
_ESCAPE = re.compile(r"\{([^}]*)\}")
_HEX_BYTES = re.compile(r"[0-9A-Fa-f]{2}(?: [0-9A-Fa-f]{2})*")
_DICTIONARY_SLICE = re.compile(r"dictionary (\d+)-(\d+)")


class SourceError(ValueError):
    """A source file that cannot be turned into a listing."""


def read_dictionary(path: Path = DICTIONARY_SOURCE) -> list[str]:
    """The dictionary's words, one a line."""
    return [word.strip() for word in path.read_text(encoding="ascii").splitlines() if word.strip()]


def expand_escape(escape: str, packed_dictionary: bytes) -> bytes:
    """The bytes one `{...}` escape stands for."""
    if _HEX_BYTES.fullmatch(escape):
        return bytes.fromhex(escape)
    dictionary_slice = _DICTIONARY_SLICE.fullmatch(escape)
    if dictionary_slice:
        first, last = int(dictionary_slice.group(1)), int(dictionary_slice.group(2))
        if not 1 <= first <= last <= len(packed_dictionary):
            raise SourceError(f"{{{escape}}}: the dictionary has bytes 1-{len(packed_dictionary)}")
        return packed_dictionary[first - 1:last]
    raise SourceError(f"unknown escape {{{escape}}}")


def expand_line(text: str, packed_dictionary: bytes) -> bytes:
    """One source line as the bytes of the program line."""
    line = bytearray()
    position = 0
    for escape in _ESCAPE.finditer(text):
        line += text[position:escape.start()].encode("ascii")
        line += expand_escape(escape.group(1), packed_dictionary)
        position = escape.end()
    line += text[position:].encode("ascii")
    return bytes(line)


def program_lines(name: str) -> list[bytes]:
    """The lines of program NAME, built from its source."""
    packed_dictionary = pack(read_dictionary())
    source = (SOURCE_DIR / f"{name}.txt").read_text(encoding="ascii")
    return [expand_line(text, packed_dictionary) for text in source.splitlines()]


def build_files() -> dict[str, bytes]:
    """Every listing file's name and content."""
    files = {}
    for name in PROGRAM_NAMES:
        lines = program_lines(name)
        listing = b"".join(line + bytes([EOL]) for line in lines)
        files[f"{name}.LST"] = listing
        files[f"{name}.LST.TXT"] = b"".join(line + b"\n" for line in lines)
        files[f"{name}.BAS"] = tokenize(load_program(listing))
    return files


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) the listing files; the exit status says if all is well."""
    parser = argparse.ArgumentParser(prog="python -m atari.listings.rebuild", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare the files with their sources, write nothing")
    options = parser.parse_args(argv)
    try:
        files = build_files()
    except (SourceError, DictionaryError, BasicError, LoadError, UnicodeError, OSError) as problem:
        print(f"rebuild: {problem}", file=sys.stderr)
        return 2
    stale = []
    for file_name, content in files.items():
        path = LISTINGS_DIR / file_name
        if options.check:
            if not path.exists() or path.read_bytes() != content:
                stale.append(file_name)
        else:
            path.write_bytes(content)
            print(f"wrote {path} ({len(content)} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
