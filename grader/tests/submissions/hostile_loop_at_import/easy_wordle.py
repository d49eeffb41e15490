"""Hostile: loops forever at import time too."""
while 1 < 2:
    continue
