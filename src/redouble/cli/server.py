"""``redouble serve``: the web table (lobby, tables, websocket) under uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path

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
        club_pages: str = typer.Option("club-pages", "--club-pages",
                                       help="Folder closed club sessions publish their pages into."),
        expire_after: float = typer.Option(30.0, "--expire-after",
                                           help="Minutes without a person at a table before it "
                                                "expires from the lobby (its log is kept)."),
        redis: str = typer.Option("", help="Redis URL: serve the PostgreSQL database together "
                                           "with the other processes on this Redis (docs/scaling.md)."),
        redis_prefix: str = typer.Option("redouble", "--redis-prefix",
                                         help="Prefix of this cluster's Redis keys."),
        robot_queue: bool = typer.Option(False, "--robot-queue",
                                         help="With --redis: robots think in 'redouble robots "
                                              "worker' processes, not here."),
        reuse_port: bool = typer.Option(False, "--reuse-port",
                                        help="Share the port with other processes (SO_REUSEPORT: "
                                             "the kernel spreads the connections)."),
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
        if not expire_after > 0:
            fail(f"--expire-after must be a number of minutes above 0, not {expire_after:g}")
        if robot:
            _check_robot(robot)
        if (redis or robot_queue) and not db.startswith(("postgresql", "postgres")):
            fail("--redis serves one database from several processes: it needs --db postgresql://…")
        if robot_queue and not redis:
            fail("--robot-queue needs --redis (the queue is a Redis stream)")
        if redis:
            _check_redis(redis)
        listening = _bind(host, port, reuse_port=reuse_port)
        _check_database(db)
        limits = DEFAULT_QUOTAS if quotas else UNLIMITED
        try:
            application = create_app(db, robot_workers=robot_workers, robot=robot or None,
                                     quotas=limits, club_pages=Path(club_pages),
                                     expire_after=expire_after * 60,
                                     redis=redis or None, redis_prefix=redis_prefix,
                                     robot_queue=robot_queue)
        except ServerError as error:
            fail(str(error))
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        console.print(f"redouble is serving the web table at [bold]http://{shown}:{port}/[/] "
                      f"(database {db}); Ctrl-C stops it.", soft_wrap=True)
        uvicorn.Server(uvicorn_config(application, host=host, port=port)).run(sockets=[listening])


    @app.command()
    def cluster(
        processes: int = typer.Option(3, help="Server processes, all listening on --port."),
        db: str = typer.Option(..., help="PostgreSQL URL every process serves (postgresql://…)."),
        redis: str = typer.Option(..., help="Redis URL the processes talk through (redis://…)."),
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="The port every process listens on (SO_REUSEPORT)."),
        redis_prefix: str = typer.Option("redouble", "--redis-prefix",
                                         help="Prefix of this cluster's Redis keys."),
        robot_workers: int = typer.Option(1, "--robot-workers",
                                          help="Robot processes of each server (0: a thread)."),
        queue_workers: int = typer.Option(0, "--queue-workers",
                                          help="Start this many 'redouble robots worker' "
                                               "processes and send them every robot decision."),
    ) -> None:
        """Serve one PostgreSQL database from several processes on one port (docs/scaling.md): the
        kernel spreads connections over them; a process that dies is started again, its tables
        taken over by the others within seconds."""
        import os
        import secrets

        from redouble.server.supervise import Supervisor

        if processes < 1:
            fail(f"processes must be 1 or more, not {processes}")
        if not db.startswith(("postgresql", "postgres")):
            fail("a cluster serves one PostgreSQL database: --db postgresql://…")
        _check_redis(redis)
        _check_database(db)
        _bind(host, port, reuse_port=True).close()  # the port is free (or shared) now
        serve_args = ["serve", "--host", host, "--port", str(port), "--db", db, "--redis", redis,
                      "--redis-prefix", redis_prefix, "--robot-workers", str(robot_workers),
                      "--reuse-port"]
        if queue_workers:
            serve_args.append("--robot-queue")
        worker_args = ["robots", "worker", "--redis", redis, "--redis-prefix", redis_prefix]
        commands = [serve_args] * processes + [worker_args] * queue_workers
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        console.print(f"redouble is serving the web table at [bold]http://{shown}:{port}/[/] from "
                      f"{processes} processes (database {db}, Redis {redis}); Ctrl-C stops them.",
                      soft_wrap=True)
        # club links are signed: every process must sign and check them with the same secret
        os.environ.setdefault("REDOUBLE_CLUB_SECRET", secrets.token_hex(32))
        Supervisor(commands).run()


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


def _check_redis(url: str) -> None:
    """Ping Redis once, so a wrong URL or a stopped server fails now."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except Exception as error:  # a bad URL or no server: one line either way
        fail(f"cannot reach Redis at {url}: {one_line(error)}", 1)


def _bind(host: str, port: int, *, reuse_port: bool = False) -> socket.socket:
    """The listening socket, bound now: a busy port fails before 'serving' is printed."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        listening.bind((host, port))
    except OSError as error:
        listening.close()
        reason = "the port is in use" if error.errno == errno.EADDRINUSE else (
            error.strerror or one_line(error))
        fail(f"cannot listen on {host}:{port}: {reason}", 1)
    return listening
