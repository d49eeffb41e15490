"""What is tested: the function cases and their runner, the game transcripts and
screens, the file, import and guard checks, and the cache of expected values.

Checks hand a sandbox plain-data requests and judge the plain data that comes
back; they never see a process.
"""
