"""Tests of Crazy Mistigri: the rules (``test_rules``), the sampler and the bot (``test_bot``)."""
