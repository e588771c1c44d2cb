"""``redouble serve``: the web table (lobby, tables, websocket) under uvicorn."""

from __future__ import annotations

import typer

from redouble.cli.common import console, fail

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
        limits = DEFAULT_QUOTAS if quotas else UNLIMITED
        try:
            application = create_app(db, robot_workers=robot_workers, robot=robot or None,
                                     quotas=limits)
        except ServerError as error:
            fail(str(error))
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        console.print(f"redouble is serving the web table at [bold]http://{shown}:{port}/[/] "
                      f"(database {db}); Ctrl-C stops it.", soft_wrap=True)
        uvicorn.Server(uvicorn_config(application, host=host, port=port)).run()
