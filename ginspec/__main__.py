from ginspec.commands.main import main

raise SystemExit(main())
