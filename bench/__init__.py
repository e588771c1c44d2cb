"""redouble's benchmarks: ``python -m bench [name ...]`` writes BENCHMARKS.md."""
