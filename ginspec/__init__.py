"""ginspec: the Gin Rummy specification, its conformance vectors and the harness that runs them
against any engine through an adapter."""
