"""``redouble serve``: the web table (lobby, tables, websocket) under uvicorn."""

from __future__ import annotations

import errno
import socket

import typer

from redouble.cli.common import console, fail, one_line

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the command line."""

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        db: str = typer.Option("sqlite:///redouble.db",
                               help="Database URL: sqlite:///file.db (default) or postgresql://…"),
        robot_workers: int = typer.Option(2, "--robot-workers",
                                          help="Processes robots think in (0: a thread)."),
        robot: str = typer.Option("", help="Robot factory as module:callable (default: the best robot)."),
        quotas: bool = typer.Option(True, "--quotas/--no-quotas",
                                    help="Per-address quotas on tables, analyses and sockets "
                                         "(off only for load tests and trusted networks)."),
    ) -> None:
        """Serve the web table: people and robots play bridge together in the browser."""
        import uvicorn

        from redouble.server.app import create_app
        from redouble.server.errors import ServerError
        from redouble.server.limits import DEFAULT_QUOTAS, UNLIMITED
        from redouble.server.serving import uvicorn_config

        if not 0 < port < 65536:
            fail(f"port must be 1 to 65535, not {port}")
        if robot_workers < 0:
            fail(f"robot workers must be 0 or more, not {robot_workers}")
        if robot:
            _check_robot(robot)
        listening = _bind(host, port)
        _check_database(db)
        limits = DEFAULT_QUOTAS if quotas else UNLIMITED
        try:
            application = create_app(db, robot_workers=robot_workers, robot=robot or None,
                                     quotas=limits)
        except ServerError as error:
            fail(str(error))
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        console.print(f"redouble is serving the web table at [bold]http://{shown}:{port}/[/] "
                      f"(database {db}); Ctrl-C stops it.", soft_wrap=True)
        uvicorn.Server(uvicorn_config(application, host=host, port=port)).run(sockets=[listening])


def _check_robot(factory: str) -> None:
    """Build the ``module:callable`` robot once now, so a bad name fails before any table."""
    import importlib

    from redouble.robots import Robot

    module_name, colon, name = factory.partition(":")
    if not colon or not module_name or not name:
        fail(f"--robot {factory!r}: expected module:callable, e.g. redouble.robots:default_robot")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        fail(f"--robot {factory!r}: cannot import {module_name}: {one_line(error)}")
    make = getattr(module, name, None)
    if not callable(make):
        fail(f"--robot {factory!r}: {module_name} has no callable {name}")
    try:
        made = make()
    except Exception as error:  # any failure of user code is reported as such
        fail(f"--robot {factory!r}: calling {name}() failed: {type(error).__name__}: {one_line(error)}")
    if not isinstance(made, Robot):
        fail(f"--robot {factory!r}: {name}() made a {type(made).__name__}, not a robot "
             "(it needs choose_call, choose_card and answer_claim)")


def _check_database(url: str) -> None:
    """Open the database and read its schema once, so a bad path or a dead server fails now."""
    from sqlalchemy import inspect
    from sqlalchemy.exc import ArgumentError

    from redouble.server.errors import ServerError
    from redouble.server.store import Store

    if "://" not in url:  # a bare file name: say what was probably meant
        fail(f"--db {url!r} is not a database URL: use sqlite:///{url} (a file) or "
             "postgresql://user@host/db")
    try:
        store = Store(url)
    except ServerError as error:
        fail(f"{error} (expected sqlite:///file.db or postgresql://…)")
    except ArgumentError as error:
        fail(f"cannot use database {url!r}: {one_line(error)} "
             "(expected sqlite:///file.db or postgresql://…)")
    try:
        with store.engine.connect() as connection:
            inspect(connection).get_table_names()
    except Exception as error:  # SQLAlchemy's errors wrap the driver's
        cause = getattr(error, "orig", None) or error
        fail(f"cannot open the database {url}: {one_line(cause)}", 1)
    finally:
        store.close()


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound now: a busy port fails before 'serving' is printed."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as error:
        listening.close()
        reason = "the port is in use" if error.errno == errno.EADDRINUSE else (
            error.strerror or one_line(error))
        fail(f"cannot listen on {host}:{port}: {reason}", 1)
    return listening
