"""StaminaBench: long multi-turn coding sessions with a simulated user."""
