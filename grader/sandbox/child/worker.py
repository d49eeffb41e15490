"""The sandboxed child: isolates itself, then runs student code and reports raw values.

Standard library only.  The grader copies this file and codec.py into a private
temp dir and starts ``python -I -S worker.py CONFIG_JSON``; it never imports the
rest of the kit.  Nothing here decides a score: the child only reports what the
student's code did, over a socket whose fd number is in the config (the
student's stdout and stderr are separate pipes, so printing cannot forge a
message; a student who writes to the socket only breaks their own calls).

Modes:
  calls    serve requests ("import" a module, "call" a function) until EOF
  import   import one module as a module (its __main__ guard should stop it)
  program  run one module as __main__ with random seeded and random.seed disabled (generators
           the program makes itself, random.Random() or SystemRandom(), start from the seed too)
  probe    only isolate (the grader checks once that the jail can be built here)

When the config asks for isolation (the grader runs as root) the process
unshares a mount, a PID and a network namespace (so no network at all) and
stays outside as a relay that ends the way the worker ended; it forks the
namespace's init (which reaps and, when it ends, takes every process of the
namespace with it), which builds a jail (a small tmpfs holding read-only binds
of /usr and friends, /dev/null, /dev/zero, /dev/urandom, an empty /tmp and
/box with the submission) and forks the worker proper, which chroots into the
jail and drops to an unprivileged uid/gid with no groups and no new privileges.
Resource limits are applied in every case, and the child dies with the grader
(a parent-death signal; as root the relay and the init both have it).
"""

import builtins
import ctypes
import importlib
import io
import json
import os
import random
import resource
import runpy
import select
import shutil
import signal
import site
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codec  # noqa: E402  (found next to this file, which -I leaves off sys.path)
from codec import End, Status  # noqa: E402

sys.path.pop(0)
del sys.modules["codec"]        # student code cannot `import codec` and patch it

CLONE_NEWNS = 0x00020000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV = 1, 2, 4
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
ALLOWED_IMPORTS = {"math", "random", "words", "display_utility", "wordle", "easy_wordle"}
KIT_MODULES = {"words", "display_utility"}
JAIL_BOX = "/box"

_libc = ctypes.CDLL(None, use_errno=True)


class Channel:
    """The protocol socket: newline-delimited JSON messages in both directions."""

    def __init__(self, fd):
        self.fd = fd
        self.reader = os.fdopen(os.dup(fd), "rb")

    def send(self, message):
        data = codec.dump_message(message)
        while data:
            data = data[os.write(self.fd, data):]

    def receive(self):
        line = self.reader.readline()
        return codec.load_message(line) if line else None


class CappedText(io.TextIOBase):
    """sys.stdout during calls: keeps the first LIMIT characters, counts the rest."""

    def __init__(self, limit):
        self.limit = limit
        self.parts = []
        self.size = 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = self.limit - self.size
        if room > 0:
            self.parts.append(text[:room])
        self.size += len(text)
        return len(text)

    def text(self):
        captured = "".join(self.parts)
        if self.size > self.limit:
            captured += f"\n[... {self.size - self.limit} more characters not kept]"
        return captured


class WatchedStdin:
    """sys.stdin wrapper that tells the grader when the program read past the end of input."""

    def __init__(self, stream, on_eof):
        self._stream = stream
        self._on_eof = on_eof

    def _seen(self, data, asked=-1):
        if data == "" and asked != 0:
            self._on_eof()
        return data

    def readline(self, size=-1):
        return self._seen(self._stream.readline(size), size)

    def read(self, size=-1):
        return self._seen(self._stream.read(size), size)

    def readlines(self, hint=-1):
        lines = self._stream.readlines(hint)
        self._on_eof()
        return lines

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __getattr__(self, name):
        return getattr(self._stream, name)


# ---------------------------------------------------------------- isolation

def _check(result, what):
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def _mount(source, target, fstype, flags, data=None):
    _check(_libc.mount(_b(source), _b(target), _b(fstype), ctypes.c_ulong(flags), _b(data)),
           f"mount {target}")


def _b(text):
    return None if text is None else os.fsencode(text)


def die_with_parent(parent_alive):
    """Have the kernel SIGKILL this process when its parent ends, even by SIGKILL.

    The signal fires when the parent *thread* that forked us exits; the grader's
    threads outlive the children they start, so that is the grader dying.  A
    parent that died before the prctl sends nothing, hence the check after it.
    """
    _check(_libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "prctl")
    if not parent_alive():
        os._exit(1)


def _has_reader(pipe_write_fd):
    """False once nobody holds the read end of the pipe (poll reports POLLERR)."""
    poller = select.poll()
    poller.register(pipe_write_fd, select.POLLOUT)
    return not any(events & select.POLLERR for _, events in poller.poll(0))


def isolate(config):
    """Namespaces, jail and lowered privileges (root only); returns the code's directory."""
    jail = config.get("jail")
    if not jail:
        return config["box"]
    _check(_libc.unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET), "unshare")
    status_read, status_write = os.pipe()
    init = os.fork()
    if init:
        os.close(status_write)
        _relay_and_exit(init, status_read, config["fd"])
    os.close(status_read)
    # getppid() is 0 across the namespace boundary, so the relay's liveness shows in the pipe it reads
    die_with_parent(lambda: _has_reader(status_write))
    _build_jail(jail, config)
    worker = os.fork()      # dies with init, as the whole namespace does: no parent-death signal needed
    if worker:
        _init_wait_and_exit(worker, status_write, config["fd"])
    os.close(status_write)
    os.chroot(jail["root"])
    os.chdir(JAIL_BOX)
    os.setgroups([])
    os.setgid(jail["gid"])
    os.setuid(jail["uid"])
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl")
    return JAIL_BOX


def _build_jail(jail, config):
    """In the new mount namespace, fill a tmpfs with what Python needs and the submission."""
    root = jail["root"]
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    _mount("tmpfs", root, "tmpfs", MS_NOSUID, f"size={jail['tmpfs_bytes']},mode=0755")
    for path in jail["system_paths"]:
        inside = root + path
        if os.path.islink(path):
            os.makedirs(os.path.dirname(inside), exist_ok=True)
            os.symlink(os.readlink(path), inside)
            continue
        os.makedirs(inside, exist_ok=True)
        _mount(path, inside, None, MS_BIND | MS_REC)
        _mount(None, inside, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID)
    os.makedirs(root + "/dev")
    for device in ("/dev/null", "/dev/zero", "/dev/urandom"):
        open(root + device, "w").close()
        _mount(device, root + device, None, MS_BIND)
    os.mkdir(root + "/tmp")
    os.chmod(root + "/tmp", 0o1777)
    box = root + JAIL_BOX
    os.mkdir(box)
    for name in os.listdir(config["box"]):
        shutil.copyfile(os.path.join(config["box"], name), os.path.join(box, name))
        os.chown(os.path.join(box, name), jail["uid"], jail["gid"])
    os.chown(box, jail["uid"], jail["gid"])
    os.chmod(box, 0o700)


def _init_wait_and_exit(worker, status_write, protocol_fd):
    """PID 1 of the namespace: reap everything; when the worker ends, pass on its status."""
    os.close(protocol_fd)
    while True:
        pid, status = os.wait()
        if pid == worker:
            os.write(status_write, str(status).encode())
            os._exit(0)     # init exits: the kernel kills whatever is left in the namespace


def _relay_and_exit(init, status_read, protocol_fd):
    """Outside the namespace: wait for init, then end the way the worker ended."""
    os.close(protocol_fd)
    os.waitpid(init, 0)
    raw = os.read(status_read, 64)
    status = int(raw) if raw.isdigit() else None
    if status is not None and os.WIFEXITED(status):
        os._exit(os.WEXITSTATUS(status))
    sig = os.WTERMSIG(status) if status is not None and os.WIFSIGNALED(status) else signal.SIGKILL
    signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
    os._exit(128 + sig)


def apply_limits(limits):
    """Resource limits for this process and everything it starts."""
    for name, value in limits.items():
        resource.setrlimit(getattr(resource, name), (value, value))


# ---------------------------------------------------------------- running code

def restrict_path(code_dir):
    """sys.path = the submission's folder + the standard library (no site-packages, no kit)."""
    stdlib = [p for p in sys.path if p and "-packages" not in p]
    sys.path[:] = [code_dir] + stdlib
    importlib.invalidate_caches()


def provide_site_builtins():
    """exit() and quit(), which -S leaves out but every `python wordle.py` has (site adds them)."""
    site.setquit()


def describe(error):
    """Exception type and message, e.g. "ValueError: bad guess"."""
    try:
        text = str(error)
    except BaseException:
        text = "<unprintable>"
    name = type(error).__name__
    return f"{name}: {text}" if text else name


def student_traceback(error, code_dir):
    """The traceback lines that point into the submission's own files."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if frame.filename.startswith(code_dir + os.sep)]
    lines = traceback.format_list(frames) + [describe(error) + "\n"]
    return "Traceback (most recent call last):\n" + "".join(lines)


def exit_detail(error):
    return f"called sys.exit({error.code!r})"


def serve_calls(channel, output_limit, value_limit):
    """Answer requests until the grader closes the socket."""
    modules = {}
    serving_pid = os.getpid()
    while True:
        request = channel.receive()
        if request is None:
            return
        reply = {"id": request.get("id"), "nonce": request.pop("nonce", None)}
        captured = CappedText(output_limit)
        sys.stdout = captured
        try:
            if request["op"] == "import":
                reply.update(import_for_calls(request["module"], modules))
            else:
                reply.update(call(modules[request["module"]], request, value_limit))
        finally:
            sys.stdout = sys.__stdout__
        leave_if_forked(serving_pid)
        reply["stdout"] = captured.text()
        channel.send(reply)


def leave_if_forked(original_pid):
    """A copy made by the student's os.fork() must not go on speaking the protocol."""
    if os.getpid() != original_pid:
        os._exit(0)


def import_for_calls(name, modules):
    try:
        modules[name] = importlib.import_module(name)
    except SystemExit as error:
        return {"status": Status.EXITED, "detail": exit_detail(error)}
    except EOFError as error:
        return {"status": Status.WAITED_FOR_INPUT, "detail": describe(error)}
    except BaseException as error:
        return {"status": Status.RAISED, "detail": describe(error)}
    return {"status": Status.OK}


def call(module, request, value_limit):
    function = getattr(module, request["function"], None)
    if not callable(function):
        return {"status": Status.MISSING_FUNCTION, "detail": f"{request['function']} is not defined"}
    args = codec.decode(request["args"])
    try:
        result = function(*args)
    except SystemExit as error:
        return {"status": Status.RAISED, "detail": exit_detail(error)}
    except BaseException as error:
        return {"status": Status.RAISED, "detail": describe(error)}
    reply = {"status": Status.OK, "returned_argument": next(
        (index for index, arg in enumerate(args) if result is arg), None)}
    try:
        reply["value"] = codec.encode(result)
        if len(codec.dump_message(reply["value"])) > value_limit:
            raise codec.BadValue(f"the value takes more than {value_limit} bytes")
    except (codec.BadValue, RecursionError, ValueError, MemoryError) as error:
        reply.update(status=Status.BAD_VALUE, value=None, detail=str(error))
    try:
        reply["args_after"] = codec.encode(args)
    except (codec.BadValue, RecursionError, ValueError, MemoryError) as error:
        reply["args_after_error"] = str(error)
    return reply


def watch_imports(channel, code_dir):
    """Report each top-level module the submission's own code imports beyond the allowed ones."""
    real_import = builtins.__import__
    real_import_module = importlib.import_module
    reported = set()

    def note(importer_globals, name, level):
        importer = importer_globals or {}
        filename = str(importer.get("__file__") or "")
        if level or importer.get("__name__") in KIT_MODULES or not filename.startswith(code_dir + os.sep):
            return
        top = name.partition(".")[0]
        if top not in ALLOWED_IMPORTS and top not in reported:
            reported.add(top)
            channel.send({"forbidden_import": top})

    def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
        note(globals, name, level)
        return real_import(name, globals, locals, fromlist, level)

    def watched_import_module(name, package=None):
        note(sys._getframe(1).f_globals, name, 0)
        return real_import_module(name, package)

    builtins.__import__ = watched_import
    importlib.import_module = watched_import_module


def make_random_reproducible(seed):
    """Seed random; a student's random.seed(...) does nothing, and every generator the
    program makes (random.Random(), random.Random(time.time()), random.SystemRandom())
    starts from the same seed, so a replay with this seed picks the same secret."""
    random.seed(seed)
    random.seed = lambda *args, **kwargs: None
    seed_generator = random.Random.seed
    random.Random.seed = lambda self, *args, **kwargs: seed_generator(self, seed)
    random.SystemRandom = random.Random


def run_main(channel, config, code_dir):
    """Import or run one module the way `python -c 'import m'` / `python m.py` would."""
    module = config["module"]
    sys.stdin = WatchedStdin(sys.stdin, lambda: channel.send({"eof": True}))
    watch_imports(channel, code_dir)
    if config["mode"] == "program":
        make_random_reproducible(config["seed"])
        sys.argv = [module + ".py"]
    running_pid = os.getpid()
    try:
        if config["mode"] == "program":
            runpy.run_path(os.path.join(code_dir, module + ".py"), run_name="__main__")
        else:
            importlib.import_module(module)
    except SystemExit as error:
        leave_if_forked(running_pid)
        channel.send({"end": End.EXITED, "detail": exit_detail(error)})
        raise
    except BaseException as error:
        leave_if_forked(running_pid)
        channel.send({"end": End.RAISED, "detail": describe(error)})
        sys.stderr.write(student_traceback(error, code_dir))
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(1)
    leave_if_forked(running_pid)
    channel.send({"end": End.FINISHED})


def main():
    config = json.loads(sys.argv[1])
    die_with_parent(lambda: os.getppid() == config["grader_pid"])
    code_dir = isolate(config)
    apply_limits(config["limits"])
    restrict_path(code_dir)
    provide_site_builtins()
    channel = Channel(config["fd"])
    if config["mode"] == "probe":
        channel.send({"end": End.FINISHED})
    elif config["mode"] == "calls":
        serve_calls(channel, config["output_limit"], config["value_limit"])
    else:
        run_main(channel, config, code_dir)


if __name__ == "__main__":
    main()
