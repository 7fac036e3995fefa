"""mkdocs hooks: the generated pages of the site.

The pages about rules, variants, registers, tests and conformance are made at build time by
:class:`ginspec.site.Site` (the ``ginspec/site/`` package) from the repository's own data;
hand-written pages in docs/ may hold ``<!-- ginspec:NAME -->`` lines, which are replaced by
generated Markdown. Drawings of cards, and the generated links and card names inside lines of
text, skip Markdown: a placeholder stands in the Markdown and the HTML is put back in the page's
HTML, the links and card names as soon as Markdown is done, the drawings once the page is written
(the search, which reads every page's HTML, reads them without the drawings' many tags, and reads
highlighted code as plain text). What Markdown made of each page, and what the search read of it,
is kept for the next build by the digest of what it is made from (``ginspec.site.build_memory``).
Nothing generated is ever written into docs/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginspec.errors import SuiteError  # noqa: E402
from ginspec.site import Site, templating  # noqa: E402
from ginspec.site import build_memory  # noqa: E402

_site: Site | None = None
_memory: build_memory.BuildMemory | None = None


def _current(config) -> Site:
    global _site
    if _site is None:
        _site = Site(root=ROOT, docs=Path(config["docs_dir"]), deferred_drawings=True)
    return _site


def on_config(config):
    global _site, _memory
    _site = None  # data may have changed between two builds of `mkdocs serve`
    # each page's HTML and search entries as the build before made them, by the digest of what
    # they are made from (ginspec/site/build_memory.py)
    _memory = build_memory.BuildMemory.open()
    build_memory.activate(_memory)
    try:
        config["nav"] = _current(config).nav()
    except SuiteError as error:  # a broken file of the suite or of the house variants: one line
        raise PluginError(str(error)) from None
    return config


def on_env(env, config, files):  # noqa: ARG001
    # the theme's templates compiled once and kept (in a folder of the user's own under the
    # system's temporary folder), not compiled again at every build
    env.bytecode_cache = templating.compiled_templates()
    return env


def on_files(files: Files, config) -> Files:
    site = _current(config)
    for uri, markdown in site.pages().items():
        if files.get_file_from_path(uri) is None:
            files.append(File.generated(config, uri, content=markdown))
    # the playground's files: the WebAssembly Python, the package's source zipped, the variants
    try:
        playground = site.playground_files()
    except SuiteError as error:  # the runtime cannot be installed: one line
        raise PluginError(str(error)) from None
    for uri, source in playground.items():
        if isinstance(source, Path):
            files.append(File.generated(config, uri, abs_src_path=str(source)))
        else:
            files.append(File.generated(config, uri, content=source))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001
    return _current(config).expand(markdown, page.file.src_uri)


def on_page_content(html: str, page, config, files) -> str:  # noqa: ARG001
    # the drawings stay placeholders (HTML comments), and highlighted code plain text, while the
    # search reads the page
    return _current(config).searchable(html)


def on_post_page(output: str, page, config) -> str:  # noqa: ARG001
    return _current(config).restore(output)


def on_post_build(config) -> None:  # noqa: ARG001
    global _memory
    if _memory is not None:
        _memory.save()
    _memory = None
    build_memory.activate(None)


def on_build_error(error) -> None:  # noqa: ARG001
    global _memory
    _memory = None
    build_memory.activate(None)
