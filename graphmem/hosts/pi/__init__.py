"""pi: a TS extension shim, turns read from the agent messages it forwards."""
