"""Where agent code runs: bounds, Docker and Kubernetes specs, images, users, owners, reaping.

Both benchmarks build their sandboxes from here; nothing here imports a benchmark.
"""
