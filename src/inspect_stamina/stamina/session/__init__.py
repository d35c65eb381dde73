"""A StaminaBench session: the turn loop (loop.py) around one settings object (settings.py),
the agent's run in a turn (agent_run.py), the turn's check run (check_run.py) and the
judging of a finished turn (judging.py)."""

from inspect_stamina.stamina.session.judging import is_effective
from inspect_stamina.stamina.session.loop import script_of, stamina_session
from inspect_stamina.stamina.session.settings import Mode, SessionSettings

__all__ = ["Mode", "SessionSettings", "is_effective", "script_of", "stamina_session"]
