"""Whether a loop found twice in one state but for some whole numbers only counts with them
(standard library only; child/stack.py asks, inside the child).

    while j < i:
        earlier = earlier + 1           # a count nothing in the loop reads
        j = guess.find(letter, j)       # finds the same j for ever

Two samples of one call in the same invocations at the same instructions, with every variable
equal except `earlier`, prove nothing by themselves: a count may be what ends a loop.  Here it
cannot: the innermost loop around the instruction is a `while` loop whose statements use each
changed variable only to add a whole number to it (`v += 1`, `v = v - 2`), and everything else
it does is plain arithmetic, comparisons, builtins and methods on plain values (strings,
numbers, lists, tuples, sets, dicts of them), which run no code of the student's and cannot
see the count.  So what the loop decides (its test, its `if`s, `break`, `return`, an error) is
decided by the other variables alone, which came back to the same values: it goes round the
same way for ever, and the count only grows.  The loops around it must all be `for` loops: a
`while` around it could leave it, read the count and come back (a `for` loop comes back only
by its hidden iterator, the one blind spot the exact repeat has too: sandbox/endless_loops.py).

The source is read from the student's file, as parsed (a file changed since it was imported
can only have its own calls cut short).  Anything not understood is no count: the call then
runs on, as any other, to its limit or to the next sample.
"""
import ast
import builtins

MAX_COUNTERS = 10       # changed variables looked at, at most
PLAIN_ITEMS = 50_000    # values looked at to find a variable plain, at most
SAFE_BUILTINS = ("abs", "all", "any", "bool", "chr", "dict", "enumerate", "float", "int",
                 "len", "list", "max", "min", "ord", "range", "reversed", "round", "set",
                 "sorted", "str", "sum", "tuple", "zip")
# Methods of plain values that change nothing, and those that change their object (allowed
# only as a statement of their own: the value they return is never used).
PURE_METHODS = frozenset((
    "capitalize", "casefold", "center", "copy", "count", "endswith", "find", "get", "index",
    "isalnum", "isalpha", "isdigit", "islower", "isspace", "isupper", "items", "join", "keys",
    "ljust", "lower", "lstrip", "partition", "replace", "rfind", "rindex", "rjust", "rsplit",
    "rstrip", "split", "startswith", "strip", "swapcase", "title", "upper", "values",
    "zfill"))
CHANGING_METHODS = frozenset((
    "add", "append", "clear", "discard", "extend", "insert", "pop", "remove", "reverse",
    "sort", "update"))
# What a loop may hold besides counting, calls (above) and the names it uses.
_UNDERSTOOD = (ast.Assign, ast.AugAssign, ast.Expr, ast.If, ast.While, ast.For, ast.Pass,
               ast.Break, ast.Continue, ast.Return, ast.BoolOp, ast.BinOp, ast.UnaryOp,
               ast.Compare, ast.IfExp, ast.Name, ast.Constant, ast.Subscript, ast.Slice,
               ast.List, ast.Tuple, ast.Dict, ast.Set, ast.JoinedStr, ast.FormattedValue,
               ast.keyword, ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
_ORIGINAL = {name: getattr(builtins, name) for name in SAFE_BUILTINS}
_UNBOUND = object()
_PLAIN_SCALARS = frozenset((str, int, float, complex, bool, bytes, type(None)))
_PLAIN_CONTAINERS = frozenset((list, tuple, set, frozenset, dict))
_trees = {}             # file name: its parsed module, or None
_loops = {}             # (file, first line, name, line): the loop's Facts, or None


class Facts:
    """What a `while` loop's statements do with names: those only counted with (`v += 1`),
    and every other use, as (name, called)."""

    def __init__(self):
        self.counted = set()
        self.used = set()


def counters(frame, before, now):
    """The names of frame's variables that differ between two states of it (child/stack.py's
    state_of: the innermost frame's variables first, as a dict) when they are whole numbers only
    counted with by the loop frame is in, and all else is equal; () otherwise."""
    try:
        if before[1:] != now[1:] or before[0].keys() != now[0].keys():
            return ()
        changed = sorted(name for name in now[0] if now[0][name] != before[0][name])
        if not changed or len(changed) > MAX_COUNTERS or any(
                state[0][name][0] != "int" for state in (before, now) for name in changed):
            return ()
        facts = loop_facts(frame.f_code, frame.f_lineno)
        if facts is None or not facts.counted.issuperset(changed) or any(
                name in changed for name, _ in facts.used):
            return ()
        return tuple(changed) if all(_plain_use(frame, *use) for use in facts.used) else ()
    except Exception:   # noqa: BLE001 (run by a signal handler: whatever fails is no count)
        return ()


def _plain_use(frame, name, called):
    """Whether name, as frame would look it up now, is a plain value, or (called) one of the
    builtins kept; a name bound nowhere raises the same NameError every time."""
    code = frame.f_code
    if name in code.co_varnames or name in code.co_cellvars or name in code.co_freevars:
        scope = frame.f_locals
    elif name in frame.f_globals:
        scope = frame.f_globals
    else:
        value = frame.f_builtins.get(name, _UNBOUND)
        return value is _UNBOUND or value is _ORIGINAL.get(name, _UNBOUND)
    if name not in scope:
        return not called
    return not called and _plain(scope[name], [PLAIN_ITEMS])


def _plain(value, budget):
    budget[0] -= 1
    kind = type(value)
    if budget[0] < 0 or (kind not in _PLAIN_SCALARS and kind not in _PLAIN_CONTAINERS):
        return False
    if kind is dict:
        return all(_plain(key, budget) and _plain(item, budget)
                   for key, item in value.items())
    return kind in _PLAIN_SCALARS or all(_plain(item, budget) for item in value)


def loop_facts(code, line):
    """The Facts of the `while` loop innermost around line in code's function, where every
    loop around it is a `for` loop and all it does is understood; None otherwise."""
    key = (code.co_filename, code.co_firstlineno, code.co_name, line)
    if key not in _loops:
        function = _function(code)
        chain = [] if function is None else _loops_around(function, line)
        loop = chain[-1] if chain else None
        _loops[key] = _facts(loop) if type(loop) is ast.While and all(
            type(outer) is ast.For for outer in chain[:-1]) else None
    return _loops[key]


def _function(code):
    """The function definition code was compiled from, or None."""
    if code.co_filename not in _trees:
        try:
            with open(code.co_filename, encoding="utf-8") as source:
                _trees[code.co_filename] = ast.parse(source.read())
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            _trees[code.co_filename] = None
    tree = _trees[code.co_filename]
    for node in ast.walk(tree) if tree is not None else ():
        if type(node) is ast.FunctionDef and node.name == code.co_name and min(
                [node.lineno] + [each.lineno for each in node.decorator_list]) == \
                code.co_firstlineno:
            return node
    return None


def _loops_around(function, line):
    """The loops of function (not of functions or classes inside it) whose test or body holds
    line, outermost first."""
    chain = []
    pending = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.While, ast.For, ast.AsyncFor)) and \
                node.lineno <= line <= node.body[-1].end_lineno:
            chain.append(node)
            pending = list(node.body)     # the one loop here that holds the line
            continue
        pending.extend(ast.iter_child_nodes(node))
    return chain


def _counting(node):
    """The name a statement counts with (`v += 3`, `v -= 1`, `v = v + 1`, `v = 2 + v`,
    `v = v - 1`), or None."""

    def whole(value):
        return type(value) is ast.Constant and type(value.value) is int

    def name(value):
        return value.id if type(value) is ast.Name else None

    if type(node) is ast.AugAssign and type(node.op) in (ast.Add, ast.Sub) and whole(node.value):
        return name(node.target)
    if type(node) is not ast.Assign or len(node.targets) != 1 or \
            type(node.value) is not ast.BinOp or type(node.value.op) not in (ast.Add, ast.Sub):
        return None
    target, left, right = name(node.targets[0]), node.value.left, node.value.right
    if target is not None and name(left) == target and whole(right):
        return target
    if target is not None and type(node.value.op) is ast.Add and whole(left) and \
            name(right) == target:
        return target
    return None


def _facts(loop):
    """loop's Facts, or None where it does anything not understood."""
    facts = Facts()
    pending = [loop.test] + list(loop.body)
    while pending:
        node = pending.pop()
        counted = _counting(node)
        if counted is not None:
            facts.counted.add(counted)
            continue
        if type(node) is ast.Call:
            function = node.func
            if type(function) is ast.Name:
                facts.used.add((function.id, True))
            elif type(function) is not ast.Attribute or function.attr not in PURE_METHODS:
                return None
            else:
                pending.append(function.value)
            pending.extend(node.args + node.keywords)
            continue
        if type(node) is ast.Expr and type(node.value) is ast.Call and \
                type(node.value.func) is ast.Attribute and \
                node.value.func.attr in CHANGING_METHODS:
            pending.extend([node.value.func.value] + node.value.args + node.value.keywords)
            continue
        if not isinstance(node, _UNDERSTOOD):
            return None
        if type(node) is ast.Name:
            facts.used.add((node.id, False))
        pending.extend(ast.iter_child_nodes(node))
    return facts
