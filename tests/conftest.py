"""Test configuration: hypothesis profiles (``ci`` runs at least 500 examples per property)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    print_blob=True,
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_report_header() -> str:
    """Name the build under test, pure Python or compiled, at the top of the report."""
    from cardgames import _build  # noqa: PLC0415 - imported when pytest asks for the header

    return f"cardgames build: {_build.describe()}"
