"""More step definitions for the feature files (games, variants and irregularities)."""
