"""Mutation testing of the stake and the payments: flip one operator, run the tests, expect a failure.

    .venv/bin/python tools/mutate.py                 # every mutant of the default files
    .venv/bin/python tools/mutate.py --list          # the mutants only, nothing run
    .venv/bin/python tools/mutate.py scorekeeper/games/tresillo/engine/stake.py --jobs 2

Each mutant changes one operator in a copy of the repository (never in this
working tree): ``+`` ↔ ``-``, ``*`` → ``+``, ``//`` → ``*``, ``>`` ↔ ``>=``,
``<`` ↔ ``<=``, ``==`` ↔ ``!=``, ``is`` ↔ ``is not``, ``in`` ↔ ``not in``,
``and`` ↔ ``or``, and ``not x`` → ``x``. The hand-worked rules tests run first
(seconds); a mutant they miss goes to the property tests over random sessions.
A mutant no test fails is printed as SURVIVED and the exit status is 1, unless it is
listed in :data:`EQUIVALENT` with the reason it cannot change any result. The same tests
run first on the code as it is: if they fail there, nothing is judged and the status is 2.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "scorekeeper/games/tresillo/engine"
TARGETS = (f"{ENGINE}/stake.py", f"{ENGINE}/puesta.py", f"{ENGINE}/french.py")
#: the rules tests, worked by hand: fast and exact
RULES = (
    "tests/engine/test_worked_example.py", "tests/engine/test_pagat.py", "tests/engine/test_house.py",
    "tests/engine/test_refusals.py", "tests/engine/test_fields.py", "tests/engine/test_outcome_entry.py",
    "tests/variants/test_french.py", "tests/variants/test_french_outcome.py",
    "tests/variants/test_palo_de_favor.py", "tests/variants/test_scale_five.py",
    "tests/variants/test_codillo_penetro_condiciones.py",
)
#: the properties over random sessions of every ruleset
PROPERTIES = ("tests/engine/test_properties.py", "tests/variants/test_variant_properties.py")

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


def _operators(tree: ast.Module) -> list[tuple[ast.expr, str, int]]:
    """(node, field, index) of every operator that can be flipped; index -1 for a single operator."""
    skip = _skipped(tree)
    spots: list[tuple[ast.expr, str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, (ast.BinOp, ast.BoolOp)) and type(node.op) in SWAPS:
            spots.append((node, "op", -1))
        elif isinstance(node, ast.Compare):
            spots.extend((node, "ops", i) for i, op in enumerate(node.ops) if type(op) in SWAPS)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            spots.append((node, "not", -1))
    return sorted(spots, key=lambda s: (s[0].lineno, s[0].col_offset, s[2]))


def mutants(path: str) -> list[Mutant]:
    """Every one-operator mutant of the module at ``path`` (relative to the repository)."""
    text = (ROOT / path).read_text()
    out: list[Mutant] = []
    for k in range(len(_operators(ast.parse(text)))):
        tree = ast.parse(text)
        node, field, index = _operators(tree)[k]
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
        out.append(Mutant(path, line, before, after, ast.unparse(tree), text.splitlines()[line - 1].strip()))
    return out


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new)
        elif isinstance(value, list):
            parent.__dict__[name] = [new if v is old else v for v in value]


def _copy_repo(into: Path) -> None:
    for name in ("scorekeeper", "tests", "pyproject.toml", "templates", "static"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, into / name)


def _fails(workdir: Path, tests: tuple[str, ...], timeout: int) -> str | None:
    """The first failing test's id, or None when every test passes."""
    env = {**os.environ, "VARIANT_EXAMPLES": "150", "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *tests],
            cwd=workdir, env=env, capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout (the mutant loops)"
    if run.returncode == 0:
        return None
    failed = [line for line in run.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return failed[0].split(" - ")[0].split(" ", 1)[1] if failed else f"pytest exit {run.returncode}"


def judge(mutant: Mutant | None, timeout: int) -> str | None:
    """Run the tests against ``mutant`` in a copy of the repository; the test that caught it, or None.
    ``None`` runs them on the code as it is: the baseline, which must pass."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        work = Path(tmp)
        _copy_repo(work)
        if mutant is not None:
            (work / mutant.path).write_text(mutant.source)
        return _fails(work, RULES, timeout) or _fails(work, PROPERTIES, timeout * 4)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=list(TARGETS), help="modules to mutate (default: stake, payments)")
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    ap.add_argument("--timeout", type=int, default=120, help="seconds for the rules tests of one mutant")
    args = ap.parse_args()
    todo = [m for path in args.paths for m in mutants(path)]
    if args.list:
        print("\n".join(map(str, todo)))
        return 0
    broken = judge(None, args.timeout)  # a test failing without any mutant would "catch" every mutant
    if broken is not None:
        print(f"the tests fail on the code as it is ({broken}): fix them first, no mutant was judged")
        return 2
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        verdicts = list(pool.map(lambda m: judge(m, args.timeout), todo))
    return report(todo, verdicts)


def report(todo: list[Mutant], verdicts: list[str | None]) -> int:
    """One line per mutant and a total; 1 when a mutant survived that is not a known equivalent one."""
    survivors = equivalent = 0
    for mutant, caught in zip(todo, verdicts, strict=True):
        if caught is None and mutant.equivalent:
            equivalent += 1
            print(f"equivalent  {mutant}  ({mutant.equivalent})")
        elif caught is None:
            survivors += 1
            print(f"SURVIVED    {mutant}")
        else:
            print(f"caught      {mutant}  by {caught}")
    print(f"{len(todo)} mutants: {len(todo) - survivors - equivalent} caught, {equivalent} equivalent "
          f"(listed with the reason), {survivors} survived")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
