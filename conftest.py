"""pytest options for the conformance suite (``--engine``) and the feature step definitions."""

pytest_plugins = [
    "ginspec.pytest_plugin.engine_option",
    "ginspec.bdd.judging",
    "ginspec.bdd.steps",
    "ginspec.bdd.steps_play",
    "ginspec.bdd.steps_games",
    "ginspec.bdd.steps_tables",
    "ginspec.bdd.steps_table_play",
]


import gc  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

import pytest  # noqa: E402

SHARED_FOLDER = "GINSPEC_TEST_SHARED_DIR"
"""The environment variable naming a temporary folder shared by every process of one test run."""

_MADE_HERE = pytest.StashKey[str]()
_CACHE_BEFORE = pytest.StashKey["str | None"]()
_BYTECODE_BEFORE = pytest.StashKey["dict[str, str | None]"]()
_THIS_PROCESS_BEFORE = pytest.StashKey["tuple[str | None, bool]"]()
CACHE = "GINSPEC_CACHE_DIR"
BYTECODE_SETTINGS = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")


def pytest_configure(config: pytest.Config) -> None:
    """Make one temporary folder for the whole run, before pytest-xdist starts its worker processes
    (which inherit the environment), so that they can share work such as building the site.

    Remembered schema checks, parsed YAML and the pages of the site's last build (``ginspec.suite.schema_checks``,
    ``ginspec.suite.parsed_cache``, ``ginspec.site.build_memory``)
    go to a folder inside it, never to the user's cache: every process of the run, and every
    command the tests start, share it, collection included. It starts as a copy of the user's
    memory, which is keyed by the bytes of each file and schema, so that a file is checked again
    exactly when it changed. The tests about the memory itself give it folders of their own."""
    if hasattr(config, "workerinput") or os.environ.get(SHARED_FOLDER):
        return
    folder = tempfile.mkdtemp(prefix="ginspec-tests-")
    os.environ[SHARED_FOLDER] = folder
    config.stash[_MADE_HERE] = folder
    cache = os.path.join(folder, "cache")
    _copy_memory(_users_memory(), cache)
    config.stash[_CACHE_BEFORE] = os.environ.get(CACHE)
    os.environ[CACHE] = cache
    _bytecode_aside(config, folder)


def _bytecode_aside(config: pytest.Config, folder: str) -> None:
    """Where Python is told to write no bytecode beside the sources (``PYTHONDONTWRITEBYTECODE``,
    ``-B``), the run's processes write it aside instead (``PYTHONPYCACHEPREFIX``): in pytest's own
    cache folder (``.pytest_cache``), or with that cache off in the run's temporary folder, removed
    with it. No bytecode lands beside the sources, as asked, and the run's many processes (its test
    processes, the engines and commands the tests start, pytest's assertion rewriting) do not each
    compile the package again, run after run. Python checks each file against its source as usual.
    Where bytecode may be written, nothing changes."""
    if not (sys.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE")):
        return
    cache = getattr(config, "cache", None)
    try:
        prefix = str(cache.mkdir("ginspec-bytecode")) if cache is not None else os.path.join(folder, "bytecode")
    except OSError:  # a cache folder that cannot be written: the run's own folder
        prefix = os.path.join(folder, "bytecode")
    config.stash[_BYTECODE_BEFORE] = {name: os.environ.get(name) for name in BYTECODE_SETTINGS}
    config.stash[_THIS_PROCESS_BEFORE] = (sys.pycache_prefix, sys.dont_write_bytecode)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False


def _users_memory() -> str | None:
    """The folder of the user's remembered checks, or None when there is none (or it is off)."""
    from ginspec.suite.schema_checks import cache_file

    checks = cache_file()
    return None if checks is None else str(checks.parent)


def _copy_memory(users: str | None, cache: str) -> None:
    os.makedirs(cache)
    if users is None or not os.path.isdir(users):
        return
    try:
        for remembered in ("schema-checks.json", "site-build"):  # the checks, and the pages of the site's last build
            if os.path.isfile(os.path.join(users, remembered)):
                shutil.copy(os.path.join(users, remembered), cache)
        if os.path.isdir(os.path.join(users, "templates")):  # compiled templates, copied: Jinja2 may write into its files
            shutil.copytree(os.path.join(users, "templates"), os.path.join(cache, "templates"))
        if os.path.isdir(os.path.join(users, "parsed")):
            shutil.copytree(os.path.join(users, "parsed"), os.path.join(cache, "parsed"), ignore=shutil.ignore_patterns(".*"), copy_function=_link_or_copy)
    except OSError:  # an unreadable memory is no memory: every file is checked
        pass


def _link_or_copy(source: str, target: str) -> None:
    """A second name for a remembered document where the file system allows it, else a copy. The
    memory only ever replaces or removes its files, never writes into one, so the user's file is
    left as it was whatever the run does to its own name for it."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def pytest_unconfigure(config: pytest.Config) -> None:
    _one_collection_at_the_end()
    folder = config.stash.get(_MADE_HERE, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(SHARED_FOLDER, None)
        _restore({CACHE: config.stash.get(_CACHE_BEFORE, None), **config.stash.get(_BYTECODE_BEFORE, {})})
        if _THIS_PROCESS_BEFORE in config.stash:
            sys.pycache_prefix, sys.dont_write_bytecode = config.stash[_THIS_PROCESS_BEFORE]


def _restore(settings: dict[str, str | None]) -> None:
    """Put the environment variables back as they were (None: unset)."""
    for name, value in settings.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


LONG_FIRST = (
    "test_site.py",
    "test_real_engines.py",
    "test_fault_battery.py",
    "test_dependence.py",
    "test_site_browser.py",
    "test_fuzz.py",
    "test_jsonl_engines.py",
    "test_pytest_suite_plugin.py",
    "test_ci_recipe.py",
    "test_engine_kits.py",
    "test_scenario_verdicts.py",
    "test_properties.py",
    "test_round_oracle.py",
    "test_round_properties.py",
    "test_suite_identity.py",
)
"""The test modules that take longest (``pytest --durations=40``), longest first, each a few
seconds to a quarter of a minute of one process.

pytest-xdist's ``--dist worksteal`` deals the tests to the processes in contiguous shares, and a
process that runs out takes over the far end of another's share, never its head. So the long
modules are dealt out like cards, one to each share in turn and back again, each share starting
with its own (with up to four processes the browser tests follow another long module in theirs:
by then the site they read is built), and the short tests fill the rest of each share. Every
process starts on long work and the short tests left at the end are shared, so that the processes
finish together."""


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one test process more than the cores. Many tests spend their time waiting (on
    the browser, on an engine's timeout, on a process they started); meanwhile the other processes
    keep the cores busy. ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The order of the tests: :data:`LONG_FIRST`, dealt to the shares of the test processes."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = dealt(items, max(workers, 1))


def dealt(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` in the order that gives each of ``workers`` contiguous shares (as pytest-xdist
    deals them: each takes what is left divided by the processes left) a fair part of the long
    modules at its head. Every test process computes the same order from the same collection."""
    rank = {name: place for place, name in enumerate(LONG_FIRST)}
    long: dict[int, list[pytest.Item]] = {}
    short: list[pytest.Item] = []
    for item in items:
        place = rank.get(item.path.name)
        if place is None:
            short.append(item)
        else:
            long.setdefault(place, []).append(item)
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for position, place in enumerate(sorted(long)):
        lap, step = divmod(position, workers)
        heads[step if lap % 2 == 0 else workers - 1 - step].extend(long[place])
    arranged: list[pytest.Item] = []
    left = len(items)
    for index, head in enumerate(heads):
        share = left // (workers - index)
        left -= share
        filling = max(0, share - len(head))
        arranged += head + short[:filling]
        short = short[filling:]
    return arranged + short


def _one_collection_at_the_end() -> None:
    """Once the tests are over, the garbage is collected once, here (before pytest's own passes,
    so that an exception raised in a finaliser is still reported as ever), and everything left is
    set aside (:func:`gc.freeze`). pytest then collects twice more as it unconfigures and cleans up,
    and the interpreter once more as it exits; each of those passes walked every object the test
    process ever built, a second or more in a process that has run a few thousand tests, and the
    run's controller waits for it. Now they walk only what was built after this one."""
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (test items, parsed vectors and features, imported modules) lives for
    the whole run, and the garbage collector's full passes over it find nothing: its garbage is
    collected once and the rest set aside (:func:`gc.freeze`), so that later passes walk only what
    the tests build. Those full passes also run a tenth as often (:func:`gc.set_threshold`). The
    garbage the tests make, cycles included, is collected as before."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)
