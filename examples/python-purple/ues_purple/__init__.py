"""The machinery of the Python purple template: A2A (v0.3 and v1.0) over ``http.server``, the
AgentBeats messages, and a UES REST client over ``urllib``. Standard library only. You should not
need to edit anything here: write your assistant in ``assistant.py`` (``decide_turn``).
"""

from .protocol import Turn, early_completion, turn_complete
from .server import serve
from .ues import Ues, UesActionFailed, UesError, chat_text

__all__ = [
    "Turn",
    "Ues",
    "UesActionFailed",
    "UesError",
    "chat_text",
    "early_completion",
    "serve",
    "turn_complete",
]
