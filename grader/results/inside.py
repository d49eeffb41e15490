"""Files inside a graded folder, reached without following a link it holds (standard library
only).

A graded folder (``grade-all --out``) is copied and shared between staff, and the grader's
staff side often runs as root, so whatever the folder holds is not trusted: a link in it
(``bob/index.html`` to a file outside, ``bob/report.txt`` to a secret, ``_similar`` to a
folder outside) would have a page written, or a secret read, outside it.  Every step below
the folder staff named is opened with O_NOFOLLOW relative to the one before; a file is read
only when it is a regular file and written by a new file renamed into place (a hard link
at the name is replaced, its other names untouched).  An entry that is a link, or not what
it should be (a pipe, a folder where a file goes), raises Skipped: the callers leave it and
say so.
"""
import errno
import os
import stat
from pathlib import PurePath

FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
PARTIAL = ".partial"


class Skipped(OSError):
    """An entry that is a link or not what it should be: neither followed, read nor written."""

    def __init__(self, path, what):
        super().__init__(errno.ELOOP, what, str(path))

    def __str__(self):
        return "%s (%s)" % (self.filename, self.strerror)


def read_bytes(root, relative, limit):
    """Up to limit bytes of root/relative, a regular file; FileNotFoundError when absent.
    relative: a path or a tuple of names, below root."""
    relative, parts = _below(relative)
    folder = _open_folder(root, parts[:-1])
    try:
        _check_file(folder, parts[-1], PurePath(root, relative))
        try:
            fd = os.open(parts[-1], READ_FLAGS, dir_fd=folder)
        except OSError as error:
            raise _skipped_or(error, PurePath(root, relative), "a link") from None
    finally:
        os.close(folder)
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):     # it changed since it was looked at
            raise Skipped(PurePath(root, relative), "not a regular file")
        return handle.read(limit)


def is_file(root, relative):
    """True for a regular file, False when nothing is there; Skipped for anything else."""
    relative, parts = _below(relative)
    try:
        folder = _open_folder(root, parts[:-1])
    except FileNotFoundError:
        return False
    try:
        return _check_file(folder, parts[-1], PurePath(root, relative))
    finally:
        os.close(folder)


def write_bytes(root, relative, data):
    """root/relative holds data, its folders made as needed: written to a new file renamed
    into place, so nothing a link or another name of the file points to is written."""
    relative, parts = _below(relative)
    folder = _open_folder(root, parts[:-1], make=True)
    try:
        _check_file(folder, parts[-1], PurePath(root, relative))
        partial = parts[-1] + PARTIAL
        _remove_entry(folder, partial)
        fd = os.open(partial, WRITE_FLAGS, 0o644, dir_fd=folder)
        with open(fd, "wb") as handle:
            handle.write(data)
        os.replace(partial, parts[-1], src_dir_fd=folder, dst_dir_fd=folder)
    finally:
        os.close(folder)


def write_text(root, relative, text):
    write_bytes(root, relative, text.encode("utf-8"))


def remove(root, relative):
    """root/relative removed when it is there (a link itself, not what it points to)."""
    relative, parts = _below(relative)
    try:
        folder = _open_folder(root, parts[:-1])
    except FileNotFoundError:
        return
    try:
        _remove_entry(folder, parts[-1])
    finally:
        os.close(folder)


def entries(root, relative=""):
    """(folders, files, skipped): the names of the real folders and regular files in
    root/relative, and the paths of what is neither (links above all)."""
    relative, parts = _below(relative)
    folder = _open_folder(root, parts)
    folders, files, skipped = [], [], []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.name)
                elif entry.is_file(follow_symlinks=False):
                    files.append(entry.name)
                else:
                    what = "a link" if entry.is_symlink() else "not a regular file"
                    skipped.append(Skipped(PurePath(root, relative, entry.name), what))
    finally:
        os.close(folder)
    return sorted(folders), sorted(files), skipped


def _below(relative):
    """(the path, its names) of a path below root: no "..", no absolute path."""
    path = PurePath(*relative) if isinstance(relative, tuple) else PurePath(relative)
    if path.is_absolute() or ".." in path.parts:
        raise ValueError("%s is not a path below the folder" % path)
    return path, path.parts


def _open_folder(root, parts, make=False):
    """A descriptor of root/parts: root as staff named it, each part below opened without
    following a link (and made first when make)."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for index, part in enumerate(parts):
            if make:
                try:
                    os.mkdir(part, dir_fd=fd)
                except FileExistsError:
                    pass
            try:
                below = os.open(part, FOLDER_FLAGS, dir_fd=fd)
            except OSError as error:
                raise _skipped_or(error, PurePath(root, *parts[:index + 1]),
                                  "a link or not a folder") from None
            os.close(fd)
            fd = below
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_file(folder, name, path):
    """True when name is a regular file in folder, False when it is not there; else Skipped."""
    try:
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(info.st_mode):
        raise Skipped(path, "a link")
    if not stat.S_ISREG(info.st_mode):
        raise Skipped(path, "not a regular file")
    return True


def _remove_entry(folder, name):
    try:
        os.unlink(name, dir_fd=folder)
    except FileNotFoundError:
        pass


def _skipped_or(error, path, what):
    """Skipped for what the kernel refuses as a link (ELOOP) or as no folder (ENOTDIR)."""
    if error.errno in (errno.ELOOP, errno.ENOTDIR):
        return Skipped(path, what)
    return error
