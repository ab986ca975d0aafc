"""Replays of finished games (issue 21: 2): a stored record turned into a move list and, for one
chosen step, the whole picture with every rack or hand revealed (the game is over).

`frames.Replay` holds a record's log server-side and rebuilds any step lazily from a few kept
checkpoints; `rummikub` and `mahjong` describe each game's steps and draw its pictures as rows the
live screens' tile components take. Pure: no Reflex here.
"""
