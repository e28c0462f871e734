"""What `pip install cardgames-rules` gives, with no extra: every core command works.

`make test` builds the pure wheel into build/dist/, installs it with nothing but `attrs` into
`.venv-plain`, and names that interpreter in `CARDGAMES_PLAIN_PYTHON`. These tests run the
CLI, the README's code blocks and the examples there, as a PyPI user would; without the
variable (a bare `pytest` in a dev environment) they are skipped, saying why.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from cardgames import _extras

ROOT = Path(__file__).resolve().parent.parent
PLAIN = os.environ.get("CARDGAMES_PLAIN_PYTHON", "")
pytestmark = pytest.mark.skipif(
    not PLAIN, reason="needs CARDGAMES_PLAIN_PYTHON, a plain install of the wheel (make test)"
)

# The examples that need an extra, and the extra; every other example runs on a plain install.
NEEDS_AN_EXTRA = {"learn_pettingzoo.py": "pettingzoo"}
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the plain interpreter (out of the source tree, so that it imports the wheel)."""
    return subprocess.run(  # noqa: S603 - the plain interpreter on our own code
        [PLAIN, *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT / "build",
        env={k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))},
    )


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return _run("-m", "cardgames", *args, stdin=stdin)


def test_the_plain_environment_has_the_wheel_and_no_extra() -> None:
    """The interpreter imports cardgames from site-packages, with attrs and no extra's package."""
    modules = sorted({m for ms in _extras.EXTRAS.values() for m in ms} | {"pytest", "hypothesis"})
    code = (
        "import importlib.util, json, attrs, cardgames;"
        f"print(json.dumps([cardgames.__file__, [m for m in {modules!r} "
        "if importlib.util.find_spec(m)]]))"
    )
    done = _run("-c", code)
    assert done.returncode == 0, done.stderr
    where, found = json.loads(done.stdout)
    assert "site-packages" in where
    assert found == []


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["play", "--help"],
        ["demo", "--help"],
        ["simulate", "--help"],
        ["tournament", "--help"],
        ["serve", "--help"],
        ["rules", "--help"],
        ["rules", "crazy-animals", "--lang", "fr"],
    ],
    ids=" ".join,
)
def test_a_core_command_runs(args: list[str]) -> None:
    """`--help`, `--version`, every subcommand's help and `rules` exit 0 with output."""
    done = _cli(*args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("slug", ["classic-mistigri", "crazy-animals"])
def test_demo_narrates_a_match(slug: str) -> None:
    """`cardgames demo` plays a whole narrated match on a plain install."""
    done = _cli("demo", slug, "--seed", "2026")
    assert done.returncode == 0, done.stderr
    assert re.search(r" wins?\b", done.stdout)


def test_play_starts_and_ends_cleanly_at_the_end_of_input() -> None:
    """`cardgames play` deals, asks for a move, and stops cleanly when the input ends."""
    done = _cli("play", "kitten-tricks", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip()


def test_simulate_and_tournament_run_without_plot_or_dask() -> None:
    """`simulate` and `tournament` report on a plain install, in this process's workers."""
    simulate = _cli(
        "simulate",
        "crazy-animals",
        "--bots",
        "heuristic,random",
        "--matches",
        "6",
        "--seed",
        "1",
        "--quiet",
    )
    assert simulate.returncode == 0, simulate.stderr
    assert "crazy-animals, 3 players, 6 matches" in simulate.stdout
    tournament = _cli(
        "tournament",
        "classic-mistigri",
        "--bots",
        "random,heuristic",
        "--matches",
        "6",
        "--seed",
        "1",
        "--quiet",
    )
    assert tournament.returncode == 0, tournament.stderr


@pytest.mark.parametrize(
    ("args", "what", "extra"),
    [
        (["serve"], "cardgames serve", "web"),
        (
            ["simulate", "crazy-animals", "--bots", "random", "--plot", "x.png"],
            "cardgames simulate --plot",
            "plot",
        ),
        (
            ["simulate", "crazy-animals", "--bots", "random", "--dask", "tcp://127.0.0.1:1"],
            "cardgames simulate --dask",
            "dask",
        ),
    ],
    ids=["serve", "plot", "dask"],
)
def test_a_command_needing_an_extra_says_so_in_one_line(
    args: list[str], what: str, extra: str
) -> None:
    """`serve`, `--plot` and `--dask` exit 2 with the one line that names their extra."""
    done = _cli(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [_extras.message(what, extra)]


@pytest.mark.parametrize("adapter", ["openspiel", "pettingzoo"])
def test_an_adapter_needing_its_extra_raises_missing_extra_error(adapter: str) -> None:
    """Importing an adapter raises MissingExtraError (an ImportError) naming its extra."""
    code = (
        "from cardgames.errors import MissingExtraError\n"
        f"try:\n    import cardgames.adapters.{adapter}\n"
        "except MissingExtraError as error:\n    print(error)\n"
    )
    done = _run("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == _extras.message(f"cardgames.adapters.{adapter}", adapter)


def test_the_readme_code_runs() -> None:
    """The README's python blocks run, in order, on a plain install."""
    blocks = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert blocks
    done = _run("-c", "\n".join(blocks))
    assert done.returncode == 0, done.stderr


EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_an_example_runs_or_names_its_extra(script: Path) -> None:
    """An example runs on a plain install, or says in one line which extra it needs (exit 2)."""
    done = _run(str(script))
    extra = NEEDS_AN_EXTRA.get(script.name)
    if extra is None:
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()
    else:
        assert done.returncode == 2
        assert done.stderr.splitlines() == [_extras.message(script.name, extra)]
