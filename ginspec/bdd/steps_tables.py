"""More step definitions for the feature files (multi-player forms)."""
