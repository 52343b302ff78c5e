"""Compile the engine's hot modules with Cython (``make venv`` runs it): python setup_engine.py

The .py files stay the only source; games/engine/compiled.py says when the build is used.
"""

import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

# Read the package's sources, never load a previous build: it is about to be overwritten.
os.environ["KADI_PURE_ENGINE"] = "1"
from games.engine.compiled import BUILD, COMPILED_MODULES, DIGEST_FILE, sources_digest  # noqa: E402

digest = sources_digest()
DIGEST_FILE.unlink(missing_ok=True)  # no build is used while this one is under way
extensions = [
    Extension(f"games.engine.{name}", [f"games/engine/{name}.py"]) for name in COMPILED_MODULES
]
setup(
    name="kadi-engine",
    ext_modules=cythonize(
        extensions,
        build_dir=str(BUILD / "c"),
        # The type hints are for mypy only: Cython would read them as C types (``x: int`` an
        # exact int, ``float`` a C double, ``tuple`` refusing None), changing the compiled twin.
        # The C types that matter are all in the .pxd files; with the hints ignored, the C
        # differs from the unhinted build only in Cython's own pickle helper (its state is no
        # longer type-checked as a tuple; unpickling always hands it one) and in None reaching
        # next_in_play and without, which no caller passes (as for every other cpdef).
        compiler_directives={"language_level": 3, "annotation_typing": False},
        quiet=True,
    ),
    script_args=[
        "--quiet",
        "build_ext",
        f"--build-lib={BUILD}",
        f"--build-temp={BUILD / 'temp'}",
        "--parallel=2",
    ],
)
DIGEST_FILE.write_text(digest + "\n")
print(f"compiled games.engine ({', '.join(COMPILED_MODULES)}) into {BUILD}", file=sys.stderr)
