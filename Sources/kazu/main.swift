import KazuCLI

KazuCommandLine.main()
