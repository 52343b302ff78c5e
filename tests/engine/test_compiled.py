"""The compiled engine is loaded only while it was built from the sources on disk."""

from games.engine import compiled


def test_a_build_is_used_only_while_it_matches_the_sources(tmp_path, monkeypatch):
    digest_file = tmp_path / "sources.sha256"
    monkeypatch.setattr(compiled, "DIGEST_FILE", digest_file)
    monkeypatch.delenv("KADI_PURE_ENGINE", raising=False)
    path = ["games/engine"]
    assert not compiled.use_compiled(path)  # nothing built
    digest_file.write_text("0" * 64 + "\n")
    assert not compiled.use_compiled(path)  # built from other sources: an edit since
    assert path == ["games/engine"]
    digest_file.write_text(compiled.sources_digest() + "\n")
    assert compiled.use_compiled(path)
    assert path == [str(compiled.BUILT_MODULES), "games/engine"]


def test_pure_python_can_be_forced(tmp_path, monkeypatch):
    digest_file = tmp_path / "sources.sha256"
    digest_file.write_text(compiled.sources_digest())
    monkeypatch.setattr(compiled, "DIGEST_FILE", digest_file)
    monkeypatch.setenv("KADI_PURE_ENGINE", "1")
    path = []
    assert not compiled.use_compiled(path)
    assert path == []


def test_any_edit_of_an_engine_source_changes_the_digest(tmp_path, monkeypatch):
    for name in ("moves.py", "state.pxd"):
        (tmp_path / name).write_text("# one\n")
    monkeypatch.setattr(compiled, "PACKAGE", tmp_path)
    before = compiled.sources_digest()
    (tmp_path / "state.pxd").write_text("# two\n")
    assert compiled.sources_digest() != before
