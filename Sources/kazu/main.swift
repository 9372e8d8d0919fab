import KazuCLI

await KazuCommandLine.main()
