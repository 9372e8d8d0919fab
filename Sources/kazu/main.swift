import KazuCLI
