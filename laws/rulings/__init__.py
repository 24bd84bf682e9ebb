"""The ruling engine of the auction period: one package, one direction of dependencies.

- :mod:`laws.rulings.calls`, :mod:`laws.rulings.record`, :mod:`laws.rulings.state`,
  :mod:`laws.rulings.labels` -- calls and seats, the record notation, what a replay finds, their words;
- :mod:`laws.rulings.facts` -- the facts a ruling may need, with their stable keys;
- :mod:`laws.rulings.trees` -- the decision trees (``laws/trees/<edition>/*.yaml``), their loader, the
  pure walk and the structural checks;
- :mod:`laws.rulings.irregularities` -- one unit per irregularity: its detection from the record, the
  facts the record answers, the tree that rules on it, registered by kind;
- :mod:`laws.rulings.replay` -- the core that replays a record through the units and enacts what the
  trees rule (it names no irregularity and no law); :mod:`laws.rulings.auction` is its public face;
- :mod:`laws.rulings.ruling` -- the typed :class:`~laws.rulings.ruling.Ruling`;
- :mod:`laws.rulings.rule` -- :func:`~laws.rulings.rule.rule`, the entry point of ``rulebook rule``
  and of the app: the record replayed, its irregularity ruled by its tree, by the edition asked for.

Nothing is imported here, so that importing one module does not load the others.
"""
