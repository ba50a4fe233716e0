"""The scripts of bench/ as modules, for the tests that run their parts (bench/ is no package)."""
import importlib.util
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parents[1] / "bench"


def load_bench(name):
    """bench/<name>.py, executed afresh as a module named `name`."""
    spec = importlib.util.spec_from_file_location(name, BENCH_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
