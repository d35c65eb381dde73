"""The script generator: fresh StaminaBench scripts from typed actions on a hidden project model."""
