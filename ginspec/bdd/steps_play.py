"""More step definitions for the feature files (whole hands and turns)."""
