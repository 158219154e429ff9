import Foundation
import RestoreCLI

// The whole command line lives in RestoreCLI so tests run the same code.
exit(RestoreTraceMain.run(Array(CommandLine.arguments.dropFirst())))
