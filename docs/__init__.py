"""The Sphinx sites of bridge-rulebook: one per language, generated from the knowledge base.

``python -m docs.build`` (or ``python3 run.py docs``) builds them into ``docs/_build/html/<lang>/``.
"""
