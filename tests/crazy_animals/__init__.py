"""Tests of Crazy Animals: the rules, the sampler and the heuristic bot."""
