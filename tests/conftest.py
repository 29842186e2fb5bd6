"""Shared test fixtures."""

import pytest

#: the long differential sweeps (marked ``slow``) may run for many minutes; every other test fails after this
#: many seconds instead of hanging CI (a server or browser test waiting for a message that never comes)
TEST_TIMEOUT = 600


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") is None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT))
