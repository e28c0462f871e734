"""Adapters to learning toolkits, each an optional extra; see the docs' research page.

* `cardgames.adapters.pettingzoo`: a PettingZoo AEC environment for every game
  (``pip install 'cardgames[pettingzoo]'``).

The adapters read a game only through `cardgames.encoding` (action indices, observations,
returns) and the engine contract, so they serve every game of the library alike.
"""

from __future__ import annotations

__all__: list[str] = []
