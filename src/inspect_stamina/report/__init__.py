"""Reports drawn from StaminaBench eval logs."""
