"""Benchmarks behind `hearts bench`: each prints figures."""
