import Glibc
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Speech

/// `pacer render`'s work once its command line is read: the workout rendered at real speed, tones
/// and the coach's words, into a WAV file that appears only when complete.
public struct WorkoutRender: Sendable {
    /// The WORKOUT argument: a name, a path, `-`, or a line of notation.
    let workout: String
    let library: WorkoutLibrary
    /// The WAV file to write.
    let output: String
    /// How to speak, or nil for tones only.
    let speech: SpeechSettings?
    /// The athlete's thresholds, so that targets are said in watts when FTP is known.
    let thresholds: TargetThresholds
    let environment: Environment

    public init(
        workout: String, library: WorkoutLibrary, output: String, speech: SpeechSettings?, thresholds: TargetThresholds = .none,
        environment: Environment
    ) {
        self.workout = workout
        self.library = library
        self.output = output
        self.speech = speech
        self.thresholds = thresholds
        self.environment = environment
    }

    /// Renders, reporting on standard output and error; the exit status. The watched signals must
    /// be blocked already, so that one ends the render without leaving its temporary file.
    public func run() -> Int32 {
        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try WorkoutLoader.load(workout, library: library).with(thresholds)
            loaded.warnings.forEach { Output.problem(TerminalText($0)) }
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return error.signal.map(SignalWatcher.exitStatus(for:)) ?? ExitStatus.failure
        }
        if let refusal = loaded.source.refusal(toWrite: output) { return refusal.report() }
        var engine: SpeechEngine?
        if let settings = speech {
            do throws(SpeechError) {
                engine = try SpeechEngine.find(settings, searchPath: environment["PATH"], among: [.espeakNG, .espeak])
            } catch .noEngine {
                Output.problem(
                    "pacer: render speaks through espeak-ng (or espeak), and neither is on PATH: install espeak-ng (apt install espeak-ng), or give --no-speech for tones only"
                )
                return ExitStatus.failure
            } catch {
                Output.problem(TerminalText("pacer: \(error.description)"))
                return ExitStatus.failure
            }
        }
        let renderer: Renderer
        do throws(SpeechError) {
            renderer = try Renderer(plan: loaded.plan, engine: engine)
        } catch {
            Output.problem("pacer: \(loaded.source.path): \(error.description)")
            return ExitStatus.failure
        }
        return write(renderer)
    }

    /// Renders into a temporary file beside `output` and puts it in place only when complete.
    private func write(_ renderer: Renderer) -> Int32 {
        let file: ReplacementFile
        do throws(FileError) {
            file = try ReplacementFile(replacing: output)
        } catch {
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
        SignalWatcher.start { number in
            switch number {
            case SIGINT, SIGTERM, SIGHUP:
                file.discard()
                _exit(SignalWatcher.exitStatus(for: number))
            case SIGTSTP:
                SignalWatcher.stopProcess()
            default:
                break
            }
        }
        let bar = Output.error.isTerminal ? ProgressBar(output: Output.error) : nil
        do throws(SpeechError) {
            let rendering = try renderer.render(to: file.descriptor, name: output, environment: environment.variables) { progress in
                switch progress {
                case .speaking(let done, let total): bar?.show("speaking", done: done, of: total)
                case .mixing(let done, let total): bar?.show("mixing  ", done: done, of: total)
                }
            }
            bar?.finish()
            do throws(FileError) {
                try file.commit()
            } catch {
                Output.problem("pacer: \(error.description)")
                return ExitStatus.failure
            }
            let seconds = WorkoutDuration(milliseconds: rendering.duration.nanoseconds / 1_000_000)
            let speech =
                renderer.engine == nil
                ? "tones only"
                : "\(rendering.utterances) utterance\(rendering.utterances == 1 ? "" : "s") of \(rendering.phrases) phrase\(rendering.phrases == 1 ? "" : "s")"
            Output.line("wrote \(output): \(seconds.spoken), \(speech), \(Decimal3(Int64(rendering.bytes / 100_000) * 100).text) MB")
            return ExitStatus.success
        } catch {
            bar?.finish()
            file.discard()
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
    }
}
