"""Mutation testing of every game's money and the platform's payments: flip one operator, run the tests, expect
a failure.

    .venv/bin/python tools/mutate.py                 # every target: each game's money, the platform's payments
    .venv/bin/python tools/mutate.py --list          # the targets and their mutants, nothing run
    .venv/bin/python tools/mutate.py rovescino truc  # only these games (``platform`` for the platform's payments)

The targets come from the registry: each game's record names its money code (``GameRecord.money``: functions
such as ``engine:result`` or whole modules) and the tests that judge it (``GameRecord.money_tests``, fastest
first); :data:`PLATFORM` adds the payments every game shares (``pay_each``, ``money_of``, the fewest transfers).
Each mutant changes one operator inside a target, in a copy of the repository (never in this working tree):
``+`` ↔ ``-``, ``*`` → ``+``, ``//`` → ``*``, ``>`` ↔ ``>=``, ``<`` ↔ ``<=``, ``==`` ↔ ``!=``, ``is`` ↔
``is not``, ``in`` ↔ ``not in``, ``and`` ↔ ``or``, and ``not x`` → ``x``. Its target's tests run one
selection after another, stopping at the first failure, so the hand-worked tests catch most mutants in
seconds and only the few they miss reach the slower property and conformance tests; the selections that
already caught a mutant of the same module are tried first (:class:`Catchers`). Each verdict is printed as
soon as it is known. A mutant no test fails is printed as SURVIVED and the exit status is 1, unless it is
listed in :data:`EQUIVALENT` with the reason it cannot change any result; a listed one is not run at all (its
key is the exact line as written and the operator, so an edited line is judged afresh), unless
``--run-equivalent`` asks to see each still survive. A verdict stands only if the selection that caught the
mutant passes on the code as it is: each selection is run so once, when it first catches a mutant (a selection
that catches none credits nothing, and the slow ones mostly never do); if one fails there, the run stops and
the status is 2.
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import os
import queue
import shlex
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "scorekeeper/games/tresillo/engine"
#: the payments every game shares, judged by fast tests of their own and the games' hand-worked ones
PLATFORM = (("scorekeeper.games.base", ("pay_each", "money_of", "in_seating")),
            ("scorekeeper.core.transfers", ()), ("scorekeeper.nights", ("fewest_payments",)),
            ("scorekeeper.services.games", ("settlement",)))
#: the platform's payments are judged by their own tests, then by each game's first (hand-worked) money tests
PLATFORM_TESTS = ("tests/test_payments.py",)


@dataclass(frozen=True)
class Target:
    """Code under the gate: a module (relative path), the functions mutated in it (none: all of it), its tests."""

    name: str
    path: str
    functions: tuple[str, ...]
    tests: tuple[str, ...]


def _path_of(module: str) -> str:
    """A module's file, relative to the repository (a package's ``__init__.py``)."""
    base = ROOT / module.replace(".", "/")
    return str((base / "__init__.py" if base.is_dir() else base.with_suffix(".py")).relative_to(ROOT))


def targets() -> list[Target]:
    """Every game's money from the registry (each module once, its functions and tests merged), then the platform's."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.games import records

    merged: dict[str, Target] = {}
    for record in records().values():
        for ref in record.money:
            module, _, function = ref.partition(":")
            path = _path_of(record.module(module))
            known = merged.get(path)
            functions = tuple(dict.fromkeys([*(known.functions if known else ()), *([function] if function else [])]))
            tests = tuple(dict.fromkeys([*(known.tests if known else ()), *record.money_tests]))
            name = known.name if known else record.package.rsplit(".", 1)[1]
            merged[path] = Target(name, path, functions, tests)
    games_first = tuple(dict.fromkeys(r.money_tests[0] for r in records().values() if r.money_tests))
    merged.update({_path_of(m): Target("platform", _path_of(m), fs, PLATFORM_TESTS + games_first)
                   for m, fs in PLATFORM})
    return list(merged.values())


#: mutants that cannot change any result, each with the reason (reviewed by hand)
EQUIVALENT = {
    (f"{ENGINE}/puesta.py", "payer, payee, owed = (a, b, amount) if amount > 0 else (b, a, -amount)", ">"):
        "a pair whose payments net to 0 owes no rounding whichever way round it is written",
    # decide() only sees a played hand (score() answers a passed deal, the one with nobody playing, before
    # it), so ``playing`` is never None there; and the reading refuses tricks and an outcome on an accepted
    # surrender (reading._check_accepted), so with ``and`` an accepted surrender falls through to the
    # no-tricks branch and its missing outcome: ("puesta", None), the same answer.
    (f"{ENGINE}/puesta.py", "if play.accepted or play.playing is None:", "or"):
        "an accepted surrender reaches the same puesta through the no-tricks branch (no outcome given), and "
        "a hand with nobody playing never reaches decide()",
}

TRANSFERS = "scorekeeper/core/transfers.py"
EQUIVALENT.update({
    (TRANSFERS, "while remaining and size <= len(remaining):", "<="):
        "the pass at size == len(remaining) only tries the whole rest, which the group test refuses (the rest is "
        "added as the last group after the loop): dropping that pass changes nothing",
    (TRANSFERS, "if sum(map(net.__getitem__, combo)) == 0 and len(combo) < len(remaining):", "<"):
        "the whole rest always sums to zero: taken as a group inside the loop it is the same last group the loop's "
        "end appends",
    (TRANSFERS, "payee = max([p for p in group if owed[p] > 0], key=owed.__getitem__)", ">"):
        "a group sums to zero, so while it has a payer it has a payee owed more than zero, whom max() picks before "
        "anyone owed nothing: the payee is the same",
    ("scorekeeper/games/tressette/core.py", "if state.ended is None or state.multiplier is None:", "or"):
        "advance() sets a game's end and its multiplier together, and nothing else sets either: one is None "
        "exactly when the other is",
})

SWAPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.And: ast.Or, ast.Or: ast.And,
}
SYMBOL = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<",
    ast.LtE: "<=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is", ast.IsNot: "is not", ast.In: "in",
    ast.NotIn: "not in", ast.And: "and", ast.Or: "or", ast.Not: "not",
}


@dataclass(frozen=True)
class Mutant:
    path: str
    line: int
    before: str
    after: str
    source: str  # the whole mutated module
    code: str  # the line as written
    tests: tuple[str, ...] = ()  # its target's tests, fastest first
    original: str = ""  # the module as it was read (put back after the mutant is judged)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.before} → {self.after}"

    @property
    def equivalent(self) -> str | None:
        """Why this mutant cannot be caught, if it is a known equivalent one."""
        return EQUIVALENT.get((self.path, self.code, self.before))


def _skipped(tree: ast.Module) -> set[int]:
    """Nodes never mutated: docstrings, asserts (they only guard) and type annotations."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, (ast.FunctionDef, ast.AnnAssign, ast.arg)):
            for ann in (getattr(node, "returns", None), getattr(node, "annotation", None)):
                if ann is not None:
                    skip.update(id(n) for n in ast.walk(ann))
    return skip


def _within(tree: ast.Module, functions: tuple[str, ...]) -> set[int] | None:
    """The ids of the nodes inside the named functions (at any depth), or None: the whole module."""
    if not functions:
        return None
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in functions:
            inside.update(id(n) for n in ast.walk(node))
    return inside


def _operators(tree: ast.Module, functions: tuple[str, ...] = ()) -> list[tuple[ast.expr, str, int]]:
    """(node, field, index) of every operator that can be flipped; index -1 for a single operator."""
    skip = _skipped(tree)
    inside = _within(tree, functions)
    spots: list[tuple[ast.expr, str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skip or (inside is not None and id(node) not in inside):
            continue
        if isinstance(node, (ast.BinOp, ast.BoolOp)) and type(node.op) in SWAPS:
            spots.append((node, "op", -1))
        elif isinstance(node, ast.Compare):
            spots.extend((node, "ops", i) for i, op in enumerate(node.ops) if type(op) in SWAPS)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            spots.append((node, "not", -1))
    return sorted(spots, key=lambda s: (s[0].lineno, s[0].col_offset, s[2]))


def mutants(target: Target) -> list[Mutant]:
    """Every one-operator mutant of ``target`` (its functions, or its whole module)."""
    path = target.path
    text = (ROOT / path).read_text()
    out: list[Mutant] = []
    for k in range(len(_operators(ast.parse(text), target.functions))):
        tree = ast.parse(text)
        node, field, index = _operators(tree, target.functions)[k]
        line = node.lineno
        if field == "not":
            assert isinstance(node, ast.UnaryOp)
            before, after = "not", "(dropped)"
            parent = next(p for p in ast.walk(tree) for c in ast.iter_child_nodes(p) if c is node)
            _replace(parent, node, node.operand)
        elif field == "ops":
            assert isinstance(node, ast.Compare)
            old = node.ops[index]
            node.ops[index] = SWAPS[type(old)]()
            before, after = SYMBOL[type(old)], SYMBOL[type(node.ops[index])]
        else:
            assert isinstance(node, (ast.BinOp, ast.BoolOp))
            old_op = node.op
            node.op = SWAPS[type(old_op)]()
            before, after = SYMBOL[type(old_op)], SYMBOL[type(node.op)]
        out.append(Mutant(path, line, before, after, ast.unparse(tree), text.splitlines()[line - 1].strip(),
                          target.tests, text))
    return out


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new)
        elif isinstance(value, list):
            parent.__dict__[name] = [new if v is old else v for v in value]


def _copy_repo(into: Path) -> None:
    for name in ("scorekeeper", "tests", "pyproject.toml", "templates", "static", "migrations"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, into / name)


#: what every test run imports that no mutant changes: imported once, in the fork server that starts each run
PRELOAD = ("pytest", "hypothesis", "flask", "flask_sqlalchemy", "flask_babel", "flask_wtf", "flask_migrate",
           "sqlalchemy", "alembic", "babel", "wtforms", "jinja2", "werkzeug", "segno", "psycopg")


def _run_pytest(workdir: str, args: list[str], answer: Any) -> None:
    """In a child of the fork server: pytest on ``args`` in one copy; the exit code and first failed test answered.

    Nothing of the project is imported before this runs, so the copy's (mutated) code is what the tests load.
    """
    os.chdir(workdir)
    sys.path.insert(0, workdir)
    os.environ.update({"VARIANT_EXAMPLES": "150", "PYTHONDONTWRITEBYTECODE": "1"})
    sys.dont_write_bytecode = True
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    import pytest

    class FirstFailure:
        failed: str | None = None

        def _note(self, report: Any) -> None:
            if report.failed and self.failed is None:
                self.failed = report.nodeid

        pytest_runtest_logreport = pytest_collectreport = _note

    first = FirstFailure()
    code = pytest.main(args, plugins=[first])
    answer.send((int(code), first.failed))


class Runs:
    """Test runs started from a fork server that imported :data:`PRELOAD` once (the imports were most of a run)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(list(PRELOAD))

    def fails(self, workdir: Path, selection: str, timeout: float) -> str | None:
        """The first failing test's id of one pytest ``selection``, or None when every test passes."""
        args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-o", "addopts=", *shlex.split(selection)]
        mine, theirs = self._context.Pipe(duplex=False)
        run = self._context.Process(target=_run_pytest, args=(str(workdir), args, theirs), daemon=True)
        run.start()
        theirs.close()
        try:
            if not mine.poll(timeout):
                return "timeout (the mutant loops)"
            code, failed = mine.recv()
        except EOFError:  # the run died before answering (a mutant that crashes the interpreter)
            code, failed = -1, None
        finally:
            run.kill()
            run.join()
            mine.close()
        if code == 0:
            return None
        return failed or f"pytest exit {code}"


class Copies:
    """One copy of the repository per job, reused: a mutant is written into a free copy and taken back out."""

    def __init__(self, jobs: int) -> None:
        self._runs = Runs()
        self._tmp = tempfile.TemporaryDirectory(prefix="mutants-")
        self._free: queue.Queue[Path] = queue.Queue()
        for k in range(jobs):
            work = Path(self._tmp.name) / str(k)
            _copy_repo(work)
            self._free.put(work)

    def judge(self, mutant: Mutant | None, tests: tuple[str, ...],
              limit: Callable[[str], float]) -> tuple[str, str] | None:
        """Run ``tests`` one selection after another against ``mutant``, each within ``limit(selection)``
        seconds; the test that caught it and its selection, or None. ``None`` runs them on the code as it is:
        the baseline, which must pass."""
        work = self._free.get()
        try:
            if mutant is not None:
                (work / mutant.path).write_text(mutant.source)
            for selection in tests:
                caught = self._runs.fails(work, selection, limit(selection))
                if caught is not None:
                    return caught, selection
            return None
        finally:
            if mutant is not None:
                (work / mutant.path).write_text(mutant.original)
            self._free.put(work)

    def close(self) -> None:
        self._tmp.cleanup()


def chosen(names: list[str]) -> list[Target]:
    """The targets of the games (or packages, or ``platform``) named; all of them when none is."""
    every = targets()
    if not names:
        return every
    from scorekeeper.games import records

    wanted = {records()[n].package.rsplit(".", 1)[1] if n in records() else n for n in names}
    return [t for t in every if t.name in wanted]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games or game packages to mutate, or 'platform' (default: all)")
    ap.add_argument("--list", action="store_true", help="list the targets and their mutants, run nothing")
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    ap.add_argument("--timeout", type=int, default=240,
                    help="most seconds for one test selection of one mutant (less once its time is known)")
    ap.add_argument("--run-equivalent", action="store_true",
                    help="run the listed equivalent mutants too (to see that each still survives)")
    args = ap.parse_args()
    todo = [m for target in chosen(args.games) for m in mutants(target)]
    if args.list:
        for target in chosen(args.games):
            print(f"{target.path} {', '.join(target.functions) or '(whole module)'}: {' | '.join(target.tests)}")
        print("\n".join(map(str, todo)))
        return 0
    started = time.monotonic()
    copies = Copies(args.jobs)
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            baseline = Baseline(copies, args.timeout)
            first = dict.fromkeys(m.tests[0] for m in todo if m.tests)
            for done in [pool.submit(baseline.check, selection) for selection in first]:
                done.result()  # each target's first selection, timed: a mutant looping there is cut short
            verdicts = _judge_all(pool, copies, baseline, todo, args)
    except BrokenBaseline as exc:
        print(f"the tests fail on the code as it is ({exc}): fix them first, no verdict stands")
        return 2
    finally:
        copies.close()
    status = report(todo, [verdicts[m] for m in todo])
    print(f"judged in {time.monotonic() - started:.0f} s wall time, {args.jobs} at a time")
    return status


class BrokenBaseline(Exception):
    """A selection that fails on the code as it is: it would catch every mutant, so no verdict resting on it stands."""


class Baseline:
    """Each selection run once on the code as it is, when a verdict first rests on it (the first mutant it
    catches; each target's first selection before any mutant). A selection no mutant reaches, or none fails,
    credits nothing, so it need not be run here (pytest runs it in the suite): the slow property and
    conformance selections mostly never are. Its time there bounds a mutant's run of it (:meth:`limit`)."""

    #: a mutant's run of a selection timed on the code as it is may take this many times as long, and at least
    #: FLOOR seconds, before it counts as caught by a timeout (a mutant that loops: ``while a and b`` → ``or``)
    FACTOR, FLOOR = 8, 30.0

    def __init__(self, copies: Copies, ceiling: int) -> None:
        self._copies, self._ceiling = copies, ceiling
        self._lock = threading.Lock()
        self._each: dict[str, threading.Lock] = {}
        self._failed: dict[str, str | None] = {}
        self._seconds: dict[str, float] = {}

    def limit(self, selection: str) -> float:
        """Seconds a mutant's run of ``selection`` may take: the ceiling until its time without a mutant is known."""
        seconds = self._seconds.get(selection)
        return self._ceiling if seconds is None else min(self._ceiling, max(self.FLOOR, self.FACTOR * seconds))

    def check(self, selection: str) -> None:
        """Raise :class:`BrokenBaseline` when ``selection`` fails without a mutant (run at most once)."""
        with self._lock:
            own = self._each.setdefault(selection, threading.Lock())
        with own:
            if selection not in self._failed:
                started = time.monotonic()
                caught = self._copies.judge(None, (selection,), lambda _: self._ceiling * 4)
                self._seconds[selection] = time.monotonic() - started
                self._failed[selection] = None if caught is None else caught[0]
        if self._failed[selection] is not None:
            raise BrokenBaseline(self._failed[selection])


def _judge_all(pool: ThreadPoolExecutor, copies: Copies, baseline: Baseline, todo: list[Mutant],
               args: Any) -> dict[Mutant, str | None]:
    """Every mutant's verdict, each printed as soon as it is known. A listed equivalent mutant is not run (no test
    can catch it, by the reason written beside it) unless ``--run-equivalent`` asks."""
    run = [m for m in todo if args.run_equivalent or not m.equivalent]
    print(f"{len(todo)} mutants in {len({m.path for m in todo})} modules, {len(run)} run {args.jobs} at a time",
          flush=True)
    verdicts: dict[Mutant, str | None] = {m: None for m in todo if m not in run}
    for mutant in verdicts:
        print(verdict(mutant, None) + "  [listed, not run]", flush=True)
    catchers = Catchers()
    pending = {pool.submit(_timed, copies, baseline, catchers, m): m for m in run}
    for done in as_completed(pending):
        mutant = pending[done]
        try:
            verdicts[mutant], seconds = done.result()
        except BrokenBaseline:
            for waiting in pending:
                waiting.cancel()
            raise
        print(f"{verdict(mutant, verdicts[mutant])}  [{seconds:.1f} s]", flush=True)
    return verdicts


class Catchers:
    """Per module, the selections that caught its mutants so far, most catches first. A mutant tries them before
    the rest of its target's selections (in their written order): a module's mutants are mostly caught by the
    same few tests, so one the first hand-worked test misses does not walk every slower selection before the one
    that caught its neighbours. Every selection is still run before a mutant is called a survivor."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, dict[str, int]] = {}

    def order(self, mutant: Mutant) -> tuple[str, ...]:
        with self._lock:
            counts = dict(self._counts.get(mutant.path, {}))
        first = sorted(counts, key=lambda s: (-counts[s], mutant.tests.index(s)))
        return (*first, *(t for t in mutant.tests if t not in counts))

    def note(self, mutant: Mutant, selection: str) -> None:
        with self._lock:
            counts = self._counts.setdefault(mutant.path, {})
            counts[selection] = counts.get(selection, 0) + 1


def _timed(copies: Copies, baseline: Baseline, catchers: Catchers, mutant: Mutant) -> tuple[str | None, float]:
    """A mutant's verdict, once the selection that caught it is known to pass without it, and the seconds it
    took (the slow ones say which tests to make quicker)."""
    started = time.monotonic()
    caught = copies.judge(mutant, catchers.order(mutant), baseline.limit)
    if caught is not None:
        baseline.check(caught[1])
        catchers.note(mutant, caught[1])
    return None if caught is None else caught[0], time.monotonic() - started


def verdict(mutant: Mutant, caught: str | None) -> str:
    """One mutant's line: caught (and by which test), equivalent (and why), or SURVIVED."""
    if caught is None and mutant.equivalent:
        return f"equivalent  {mutant}  ({mutant.equivalent})"
    if caught is None:
        return f"SURVIVED    {mutant}"
    return f"caught      {mutant}  by {caught}"


def report(todo: list[Mutant], verdicts: list[str | None]) -> int:
    """The survivors again and a total; 1 when a mutant survived that is not a known equivalent one."""
    survivors = [m for m, caught in zip(todo, verdicts, strict=True) if caught is None and not m.equivalent]
    equivalent = sum(1 for m, caught in zip(todo, verdicts, strict=True) if caught is None and m.equivalent)
    for mutant in survivors:
        print(f"SURVIVED    {mutant}")
    print(f"{len(todo)} mutants: {len(todo) - len(survivors) - equivalent} caught, {equivalent} equivalent "
          f"(listed with the reason), {len(survivors)} survived")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
