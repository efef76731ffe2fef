import FormsmithCLI

FormsmithCommand.runMain()
