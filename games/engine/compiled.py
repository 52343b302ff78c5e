"""The optional compiled engine: Cython builds of this package's own modules.

``make venv`` compiles the hot modules (``COMPILED_MODULES``) from these same .py files,
with the types of the .pxd files beside them, into ``_compiled/`` (git-ignored). The
package loads them only while they were built from exactly the sources on disk, so an edited
module is never shadowed by a stale build; ``KADI_PURE_ENGINE=1`` forces pure Python.
"""

import hashlib
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUILD = PACKAGE / "_compiled"
# setuptools lays the built modules out by package name under the build directory
BUILT_MODULES = BUILD / "games" / "engine"
DIGEST_FILE = BUILD / "sources.sha256"
# reasons and refusal stay pure Python (imported by compiled modules): only a refused move reaches them
COMPILED_MODULES = (
    "cards", "derived", "generate", "moves", "state", "transitions", "validate", "determinize", "playcore",
    "playout",
)


def sources_digest() -> str:
    """A digest of every .py and .pxd file of the package: a build is fresh while it matches."""
    digest = hashlib.sha256()
    for path in sorted([*PACKAGE.glob("*.py"), *PACKAGE.glob("*.pxd")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def use_compiled(package_path: list[str]) -> bool:
    """Put the built modules first on the package's ``__path__`` when they are fresh.
    Returns whether it did."""
    if os.environ.get("KADI_PURE_ENGINE") or not DIGEST_FILE.exists():
        return False
    if DIGEST_FILE.read_text().strip() != sources_digest():
        return False
    package_path.insert(0, str(BUILT_MODULES))
    return True
