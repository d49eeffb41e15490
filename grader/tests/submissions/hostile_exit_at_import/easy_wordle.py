"""Hostile: os._exit(3) at import time."""
import os

os._exit(3)
