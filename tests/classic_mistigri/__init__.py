"""Tests of classic Mistigri: its rules clause by clause, the reference model, the hardening."""
