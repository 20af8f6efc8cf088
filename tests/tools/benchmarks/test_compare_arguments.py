"""Tests of tools/benchmarks/compare.sh's refusals of bad arguments: each one
gives exit status 2 and a single line on stderr that names the culprit,
before anything is installed or built (a filter that selects no benchmark:
once this tree's program is built, before the base is).

The script is run from a copy in a scratch tree (it works from the tree it
sits in): a fresh Git repository with one commit and one benchmark source,
and no tools/setup.sh, so a call that got past the checks would fail with
another status (127) instead of building anything. The filter's tests give
their tree a stand-in tools/setup.sh (FAKE_SETUP, below)."""

import os
import pathlib
import shutil
import subprocess

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[3] / "tools" / "benchmarks" / "compare.sh"


def make_tree(root):
    benchmarks = root / "tools" / "benchmarks"
    benchmarks.mkdir(parents=True)
    shutil.copy(SCRIPT, benchmarks / "compare.sh")
    (benchmarks / "identical_mesh_benchmark.cc").write_text("// stands in for the benchmark\n")
    (benchmarks / "other_benchmark.cc").write_text("// a second program\n")
    return root


def commit_all(root):
    """Makes `root` a Git repository whose one commit holds its files."""
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", "-c",
           "init.defaultBranch=main"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "one"], check=True)
    return root


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return commit_all(make_tree(tmp_path_factory.mktemp("tree")))


def run(tree, *args):
    """Runs the tree's copy of the script with `args`."""
    # Git looks no higher than the scratch tree (were the temporary folder
    # inside a checkout, that checkout would be found instead).
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=str(tree.parent))
    return subprocess.run(["bash", str(tree / "tools" / "benchmarks" / "compare.sh"), *args],
                          capture_output=True, text=True, timeout=60, env=env)


def refuse(tree, *args):
    """Runs the copy with `args`; returns its stderr after checking that it
    refused them: exit status 2, nothing on stdout, exactly one line."""
    result = run(tree, *args)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("compare.sh: ")
    return lines[0]


def test_the_base_commit_is_required_and_single(tree):
    assert "no base commit given" in refuse(tree)
    assert "no base commit given" in refuse(tree, "--rounds", "2")
    # Two positional arguments: both are named.
    line = refuse(tree, "HEAD", "main")
    assert "one base commit expected" in line and "'HEAD'" in line and "'main'" in line


def test_unknown_options_and_missing_values_are_named(tree):
    assert "unknown option '--round'" in refuse(tree, "--round", "2", "HEAD")
    assert "unknown option '-x'" in refuse(tree, "-x", "HEAD")
    # At the end, or followed by another option: no value.
    assert "option --filter needs a value" in refuse(tree, "HEAD", "--filter")
    assert "option --rounds needs a value" in refuse(tree, "--rounds", "--filter", "x", "HEAD")
    assert "option --program needs a value" in refuse(tree, "HEAD", "--program")


@pytest.mark.parametrize("rounds", ["0", "-1", "2.5", "two", "07x"])
def test_rounds_must_be_a_positive_integer(tree, rounds):
    # "-1" starts like an option, so it is reported as a missing value.
    line = refuse(tree, "--rounds", rounds, "HEAD")
    assert f"'{rounds}'" in line or "option --rounds needs a value" in line


def test_the_program_must_be_a_benchmark_source_of_the_tree(tree):
    line = refuse(tree, "--program", "no_such_benchmark", "HEAD")
    assert "no benchmark program 'no_such_benchmark'" in line
    assert "tools/benchmarks/no_such_benchmark.cc" in line
    # A name that is no plain identifier is refused even if a path matches.
    assert "no benchmark program '../benchmarks/other_benchmark'" in refuse(
        tree, "--program", "../benchmarks/other_benchmark", "HEAD")


def test_the_base_must_name_a_commit(tree):
    assert "'no-such-branch' is not a commit" in refuse(tree, "no-such-branch")
    assert "'0123456789abcdef' is not a commit" in refuse(tree, "0123456789abcdef")
    # The tree of a commit is no commit.
    assert "'HEAD^{tree}' is not a commit" in refuse(tree, "HEAD^{tree}")


def test_a_tree_without_history_is_named(tmp_path):
    # The same files, no Git repository: the base cannot be exported.
    root = make_tree(tmp_path / "plain")
    line = refuse(root, "HEAD")
    assert f"{root} is not a Git checkout" in line


# A stand-in for this tree's build: tools/setup.sh "builds" a Release build/
# whose benchmark program lists its two benchmarks as Google Benchmark's
# --benchmark_list_tests does: the names that match --benchmark_filter (an
# extended regular expression) on stdout, nothing for a filter that matches
# none or does not compile (checked by hand against the real
# identical_mesh_benchmark: both print nothing on stdout and exit 0).
FAKE_SETUP = r'''#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
echo "CMAKE_BUILD_TYPE:STRING=Release" > build/CMakeCache.txt
cat > "build/$1" <<'PROGRAM'
#!/usr/bin/env bash
filter=.
for arg in "$@"; do
  case "$arg" in --benchmark_filter=*) filter=${arg#--benchmark_filter=} ;; esac
done
printf '%s\n' CompliantBoxRigidHalfSpace/polygon:0 CompliantBoxRigidHalfSpace/polygon:1 |
  grep -E -- "$filter" 2>/dev/null || true
PROGRAM
chmod +x "build/$1"
'''


@pytest.fixture
def built_tree(tmp_path):
    # One per test: a test that gets past the filter leaves build/compare/.
    root = make_tree(tmp_path / "built")
    setup = root / "tools" / "setup.sh"
    setup.write_text(FAKE_SETUP)
    setup.chmod(0o755)
    return commit_all(root)


@pytest.mark.parametrize("pattern", ["NoSuchBenchmark", "Box.*triangle", "(unclosed"])
def test_a_filter_that_selects_nothing_is_refused_before_the_base_is_built(built_tree, pattern):
    line = refuse(built_tree, "--filter", pattern, "HEAD")
    assert line == (f"compare.sh: no benchmark of identical_mesh_benchmark matches the filter "
                    f"'{pattern}'")
    # Refused before the base was exported: build/compare/ was never made.
    assert not (built_tree / "build" / "compare").exists()


def test_a_filter_that_selects_a_benchmark_goes_on_to_the_base(built_tree):
    # The scratch tree has no CMakeLists.txt, so the base's configuration
    # fails: that failure, not the filter's refusal, shows the check passed.
    result = run(built_tree, "--filter", "Box.*polygon:1", "HEAD")
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "matches the filter" not in result.stderr
    assert "compare.sh: cannot configure" in result.stderr
    assert (built_tree / "build" / "compare").is_dir()
