"""Where agent code runs: the sandbox's users and how the harness reaches them."""
