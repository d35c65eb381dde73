"""The planner: a script's turns, one typed action each, applied to a hidden `Project`.

`core` holds its state and the helpers every action shares, `schedule` the turns fixed
in advance, one module per family of actions makes their turns, and `phases` decides
which action each turn takes.
"""
