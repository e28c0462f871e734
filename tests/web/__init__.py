"""The web table: its server, its store and its pages in a real browser."""
