import FormsmithCLI
FormsmithCommand.main()
