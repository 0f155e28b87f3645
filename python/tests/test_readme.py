"""The README's Python example is python/examples/quickstart.py, verbatim."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_readme_shows_quickstart():
    readme = (ROOT / "README.md").read_text()
    code = (ROOT / "python" / "examples" / "quickstart.py").read_text()
    assert "```python\n" + code + "```" in readme
