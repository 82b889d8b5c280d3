import BellSink
import HistorySink
import LogFileSink
import SinkKit
import SpeechSink
import TerminalSink

extension SinkRegistry {
    /// The built-in sinks' registrations, in the order of Package.swift's `sinks` (scripts/check-layers.py
    /// compares the two): the one file outside Plugins/ that imports a sink.
    static let builtInRegistrations: [SinkRegistration] = [
        TerminalSink.registration,
        LogFileSink.registration,
        BellSink.registration,
        HistorySink.registration,
        SpeechSink.registration,
    ]
}
