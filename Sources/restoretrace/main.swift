import RestoreCLI
