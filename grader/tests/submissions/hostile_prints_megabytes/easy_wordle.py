"""Hostile: the easy program writes to stderr without end."""
import sys

if __name__ == "__main__":
    while True:
        sys.stderr.write("e" * 65536)
