"""The ruling engine of the auction period: one package, one direction of dependencies.

- :mod:`laws.rulings.auction` -- calls, the record notation, PBN, and the replay of a record;
- :mod:`laws.rulings.facts` -- the facts a ruling may need, with their stable keys;
- :mod:`laws.rulings.trees` -- the decision trees (``laws/trees/*.yaml``), their loader, the
  pure walk and the structural checks;
- :mod:`laws.rulings.rule` -- :func:`~laws.rulings.rule.rule`, the entry point of
  ``rulebook rule`` and of the app: the record replayed, its irregularity ruled by its tree.

Nothing is imported here, so that importing one module does not load the others.
"""
