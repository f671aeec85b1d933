"""opencode: a JS plugin shim, turns read from the session messages it forwards."""
