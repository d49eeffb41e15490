"""python -m grader review OUT (its options: staff/cli.py): the checks made before any work
(the libraries, the folder, the hand points file), then the app served on 127.0.0.1 until
Ctrl-C (130; every entry was saved as it was typed)."""
import getpass
import os
import secrets
import sys
import threading

from command_line import EXIT_INTERRUPTED
from grader.staff.command import CommandError, read_rubric
from grader.staff.review import NEEDED

THREADS = 8     # requests served at once (a page, its files, the saves of a quick typist)


def review_command(args):
    from grader.results import pages
    missing = pages.missing_libraries(pages.NEEDED + NEEDED)
    if missing:
        raise CommandError(pages.missing_message(missing, "review needs"))
    items = read_rubric(args.rubric).hand
    if not items:
        raise CommandError("the rubric has no hand items to give (its \"hand\" list: "
                           "grader/results/rubric.py)")
    from grader.results.pages.layout import LayoutError
    from grader.staff.hand_points import HandPoints, HandPointsError
    from grader.staff.review.classroom import Classroom
    try:
        store = HandPoints(args.out, items)
    except HandPointsError as error:
        raise CommandError(str(error)) from None
    with store:
        try:
            classroom = Classroom(args.out)
        except LayoutError as error:
            raise CommandError(str(error)) from None
        except OSError as error:
            raise CommandError("cannot read %s: %s" % (args.out, error.strerror or error)) \
                from None
        try:
            return serve(args, classroom, store, items)
        finally:
            classroom.close()


def serve(args, classroom, store, items):
    import logging
    from waitress import create_server
    from grader.staff.review.app import create_app

    logging.getLogger("waitress").setLevel(logging.ERROR)   # its own lines name no token
    token = secrets.token_urlsafe(24)
    try:
        server = create_server(lambda environ, start: app(environ, start), host="127.0.0.1",
                               port=args.port, threads=THREADS)
    except OSError as error:
        raise CommandError("cannot listen on 127.0.0.1 port %d: %s (leave --port out for a "
                           "free one)" % (args.port, error.strerror or error)) from None
    port = int(server.effective_port)
    app = create_app(args.out, classroom, store, items, args.grader or login_name(), token,
                     port)
    url = "http://127.0.0.1:%d/?token=%s" % (port, token)
    print("review: %d students of %s; the hand points are saved as they are typed in %s"
          % (len(classroom.current().students), args.out, store.path))
    print("open %s" % url)
    print("Ctrl-C ends it", flush=True)
    if not args.no_browser and has_desktop():
        import webbrowser
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.run()    # until Ctrl-C or SIGTERM (command.run's), which waitress catches
    finally:
        server.close()
    print("review ended; every saved entry is in %s" % store.path, file=sys.stderr)
    return EXIT_INTERRUPTED


def login_name():
    try:
        return getpass.getuser()
    except (KeyError, OSError):     # no name for this user id (a container's)
        return ""


def has_desktop():
    """A browser can be opened here: not over ssh on a server, where webbrowser would start
    a text browser in this terminal."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
