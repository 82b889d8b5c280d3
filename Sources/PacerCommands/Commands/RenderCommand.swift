import Glibc
import PacerCommandLine
import PacerRuntime
import PacerSystem
import PacerWorkout
import SinkKit
import Speech

/// `pacer render WORKOUT -o FILE.wav`: the whole session as an audio file, at real speed.
enum RenderCommand {
    static let output = Option<String>("-o", value: "FILE", help: "write the WAV file here (required); --output is the same", kind: .file)
    static let outputLong = Option<String>("--output", value: "FILE", help: "the same as -o", kind: .file)
    static let voice = Option<String>("--voice", value: "NAME", help: "the espeak-ng voice, as in en-gb or en+f3") {
        text throws(UsageError) in
        try UsageError.rephrasing { () throws(SinkSetupError) in try SpeechSettings.checkedVoice(text) }
    }
    static let rate = Option<Int>(
        "--rate", value: "WPM", help: "words per minute, \(SpeechSettings.rates.lowerBound) to \(SpeechSettings.rates.upperBound)"
    ) { text throws(UsageError) in
        try UsageError.rephrasing { () throws(SinkSetupError) in try SpeechSettings.number(text, in: SpeechSettings.rates, for: "rate") }
    }
    static let noSpeech = Flag("--no-speech", help: "tones only: no engine needed")
    static let speed = Option<String>("--speed", value: "X", help: "refused: a rendered workout always runs at real speed")

    static let spec = CommandSpec(
        name: "render", abstract: "render a workout to a WAV file, tones and spoken coaching included",
        usage: "pacer render [OPTIONS] WORKOUT -o FILE.wav", arguments: .workout,
        details: SharedOptions.workoutArgument + """


            The file is the session at real speed, as the speech sink would coach it: a tone at each
            phase start, a tick at each countdown second, and the same words at the same moments,
            spoken by espeak-ng (or espeak). It is 16-bit mono PCM at 22,050 Hz and lasts the
            workout's planned time plus the closing words. A rep step is rendered at its cap; a rep
            step without a cap has no length, and the workout is refused. The file appears only once
            it is complete.
            """,
        options: [
            output.spec, outputLong.spec, voice.spec, rate.spec, noSpeech.spec, speed.spec,
            SharedOptions.notationName.spec,
        ] + ThresholdOptions.specs,
        // A signal waits to be handled, so the temporary file is never left behind.
        watchesSignals: { _ in true }
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "render") { () throws(UsageError) in try render(arguments, environment: environment) }
    }

    private static func render(_ arguments: Arguments, environment: Environment) throws(UsageError) -> Int32 {
        let reference = try arguments.workout(for: "render")
        guard arguments[speed] == nil else {
            throw .init(message: "render has no --speed: the file is the workout at real speed (for a fast preview, use pacer run --speed)")
        }
        guard let output = arguments[output] ?? arguments[outputLong], !output.isEmpty else {
            throw .init(message: "render needs an output file: -o FILE.wav")
        }
        let speaks = !arguments[noSpeech]
        var settings = SpeechSettings()
        settings.voice = arguments[voice]
        settings.rate = arguments[rate]
        if !speaks, settings.voice != nil || settings.rate != nil {
            throw .init(message: "--voice and --rate are for speech, and --no-speech renders tones only; give one or the other")
        }

        let thresholds: TargetThresholds
        do throws(CommandFailure) {
            thresholds = try ThresholdOptions.thresholds(in: arguments, environment: environment)
        } catch {
            return error.report()
        }
        return WorkoutRender(
            workout: reference, library: arguments.library(environment), output: output,
            speech: speaks ? settings : nil, thresholds: thresholds, environment: environment
        ).run()
    }
}
