from ginspec.cli import main

raise SystemExit(main())
