"""The referee: wall, hands, calls, wins, draws and match flow (issue 3; being built)."""
