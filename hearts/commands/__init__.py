"""One module per `hearts` subcommand: ``add_arguments(parser)`` and ``run(args)``."""
