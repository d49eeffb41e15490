"""The private paths (the kit, the cache, the results) and the output files, kept from
children that run as a uid of their own outside any namespace: by Landlock where it keeps them
out of reach, else by closing them to other users until the sandbox closes (folder_guard.py)."""

import os

from grader.sandbox import folder_guard, sealing


class HidingError(Exception):
    """The private paths cannot be kept from student code here (the reason is for the TA)."""


class PrivatePaths:
    def __init__(self, paths, output_files):
        self.paths = tuple(paths)
        self.output_files = tuple(output_files)
        self._guard = None      # folder_guard.FolderGuard while the private paths are closed
        self.hidden = False     # hide() was called

    @property
    def guarded(self):
        """True while paths are closed by chmod (and are to be given back)."""
        return self._guard is not None

    def hide(self, temp, python):
        """Keep the private paths and the output files from the children's uids, and open the
        temp copy's folders to them (read-only: the files stay root's).  Returns True when
        Landlock keeps them out of reach (every child must then be held by it) and their modes
        are left alone; else they are closed to other users until give_back(), and a private
        path the grader may not change (another user's, or a sticky folder every user writes
        to) and that is open to others is refused: student code could read it."""
        self.hidden = True
        landlock = self._landlock_hides(python)
        if not landlock:
            self._close(temp, python)
        closed = [str(folder) for folder in temp.parents if not os.stat(folder).st_mode & 0o001]
        if closed:      # else every submission would fail to import: a 0 for the grader's setup
            raise HidingError(f"the sandbox's temp folder {temp} cannot be reached by the "
                              f"uid student code runs as: {closed[0]} is closed to other users "
                              "(set TMPDIR to a folder that is not, such as /tmp)")
        _open_temp_copy(temp)
        return landlock

    def _landlock_hides(self, python):
        """True when no path Landlock lets a child read holds a private path or an output file:
        then no chmod is needed."""
        try:
            return sealing.landlock_hides(python, self.paths + self.output_files)
        except sealing.SealingError:
            return False

    def _close(self, temp, python):
        """Close the private paths to other users until give_back() (see hide)."""
        needed = (temp, python)     # what the children must reach
        for path in self.paths:
            reached = [inner for inner in needed
                       if os.path.lexists(path) and is_inside(inner, path)]
            if reached:
                raise HidingError(f"{reached[0]} lies in {path}, which student code must not "
                                  "reach (set TMPDIR, or WORDLE_KIT_CACHE, to a folder outside it)")
        try:
            self._guard = folder_guard.FolderGuard()
            for path in self.paths:
                if os.path.lexists(path) and self._guard.protect(path) in (
                        folder_guard.SHARED, folder_guard.NOT_OURS):
                    raise HidingError(unprotectable(path))
            for path in self.output_files:
                folder = os.path.dirname(os.path.abspath(path))
                if any(is_inside(inner, folder) for inner in needed) or self._guard.protect(
                        folder) in (folder_guard.SHARED, folder_guard.NOT_OURS):
                    if os.path.isfile(path):    # the folder stays as it is: the file is closed
                        self._guard.protect(path)
        except folder_guard.GuardError as error:
            raise HidingError(str(error)) from None

    def give_back(self):
        """The closed paths' modes as they were."""
        if self._guard is not None:
            self._guard.close()
            self._guard = None


def _open_temp_copy(temp):
    """Open the temp copy's folders to other users (read-only: the files stay root's)."""
    os.chmod(temp, 0o711)
    for folder in (temp / "box", temp / "runtime"):
        os.chmod(folder, 0o755)
        for entry in folder.iterdir():
            os.chmod(entry, 0o644)


def unprotectable(path):
    """Why path cannot be closed to student code: the grader changes no folder not its own."""
    info = os.stat(path)
    whose = (f"it belongs to another user (uid {info.st_uid})" if info.st_uid != os.geteuid()
             else "every user may write to it (a sticky folder such as /tmp)")
    return (f"{path} must be closed to student code, which runs under a uid of its own here, "
            f"but it is open to other users and {whose}, so the grader will not change it: "
            "close it to others (chmod o-rwx) or choose a folder of the grading user's "
            "(WORDLE_KIT_CACHE for the cache, --out for results)")


def is_inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")
