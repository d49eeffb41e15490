"""Hostile: importing it starts a background sleeper."""
import subprocess

subprocess.Popen(["sleep", "300"], start_new_session=True)
