"""A game folder's templates and static files, served under the game's id.

``games/presentation/<id>/templates/board.html`` is the template ``games/<id>/board.html`` and
``games/presentation/<id>/static/board.js`` the static file ``games/<id>/board.js``. Both ask the
registry (``games.presentation.SITES``) each time, so a game registered at run time (a test's toy
game) is found like the others, and nothing lists the games' folders in settings.
"""
from pathlib import Path

from django.contrib.staticfiles import utils
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage
from django.template import Origin, TemplateDoesNotExist
from django.template.loaders.filesystem import Loader as FilesystemLoader

from games import presentation

PREFIX = "games"


def _folders(kind):
    """(game id, that game's `kind` folder) of every registered site with one."""
    for game_id in presentation.sites():
        folder = presentation.get(game_id).folder / kind
        if folder.is_dir():
            yield game_id, folder


def _split(name):
    """("<id>", "rest") of "games/<id>/rest", or None."""
    parts = name.replace("\\", "/").split("/", 2)
    if len(parts) == 3 and parts[0] == PREFIX and parts[1] and parts[2]:
        return parts[1], parts[2]
    return None


class GameTemplateLoader(FilesystemLoader):
    """Templates "games/<id>/<name>" from that game's folder's ``templates/``."""

    def get_dirs(self):
        return [folder for _game, folder in _folders("templates")]

    def get_template_sources(self, template_name):
        split = _split(template_name)
        if split is None or split[0] not in presentation.sites():
            return
        folder = presentation.get(split[0]).folder / "templates"
        path = (folder / split[1]).resolve()
        if folder.resolve() in path.parents:
            yield Origin(name=str(path), template_name=template_name, loader=self)

    def get_contents(self, origin):
        try:
            return Path(origin.name).read_text(encoding=self.engine.file_charset)
        except FileNotFoundError:
            raise TemplateDoesNotExist(origin)


class GameStaticFinder(BaseFinder):
    """Static files "games/<id>/<name>" from that game's folder's ``static/``."""

    def _storage(self, game_id, folder):
        storage = FileSystemStorage(location=folder)
        storage.prefix = f"{PREFIX}/{game_id}"
        return storage

    def find(self, path, find_all=False, **kwargs):
        find_all = find_all or kwargs.get("all", False)  # Django < 5.2 names it `all`
        split = _split(path)
        found = []
        if split is not None and split[0] in presentation.sites():
            folder = presentation.get(split[0]).folder / "static"
            candidate = (folder / split[1]).resolve()
            if folder.resolve() in candidate.parents and candidate.is_file():
                found.append(str(candidate))
        if find_all:
            return found
        return found[0] if found else []

    def list(self, ignore_patterns):
        for game_id, folder in _folders("static"):
            storage = self._storage(game_id, folder)
            for path in utils.get_files(storage, ignore_patterns):
                yield path, storage
