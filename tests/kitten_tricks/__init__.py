"""Kitten tricks: the rules engine, the world sampler and the heuristic bot."""
