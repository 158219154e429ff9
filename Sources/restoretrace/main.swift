import Foundation
import RestoreCLI

// The whole command line lives in RestoreCLI so tests run the same code. An interrupted run
// (Ctrl-C) removes the outputs it was writing, as a failed one does.
RestoreTraceMain.installInterruptCleanup()
RestoreTraceMain.ignoreBrokenPipeSignal()
RestoreTraceMain.warnAboutCutOffTraces()
exit(RestoreTraceMain.runProcess())
