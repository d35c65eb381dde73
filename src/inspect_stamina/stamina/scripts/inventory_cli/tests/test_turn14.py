"""Checkpoint, turn 14: backup.backup copies the data file beside itself."""

from pathlib import Path


def _backup(path):
    from stockroom.backup import backup

    # the user said `backup(path)`; a path may reasonably be taken as a str or a Path
    try:
        return backup(str(path))
    except (TypeError, AttributeError):
        return backup(path)


def test_backup_copies_to_bak(tmp_path):
    data = tmp_path / "items.json"
    data.write_text('[{"sku": "A1"}]')
    made = _backup(data)
    assert Path(made) == tmp_path / "items.json.bak"
    assert (tmp_path / "items.json.bak").read_text() == '[{"sku": "A1"}]'
    assert data.read_text() == '[{"sku": "A1"}]'
