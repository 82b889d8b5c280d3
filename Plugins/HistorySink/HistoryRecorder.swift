import Glibc
import History
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWeekPlan
import PacerWorkout

/// What the history sink does with each event, confined to the sink's lock: the measurements
/// gathered since the last write, the writes that wait for a lock, the open store, the session's
/// row and its standing.
final class HistoryRecorder {
    /// One write, in the order the session made them, each one transaction.
    private enum Write {
        case start(SessionStart)
        case measurements(MeasurementBatch)
        case phase(PhaseRecord, MeasurementBatch)
        case end(SessionEnd, MeasurementBatch)
    }

    /// How many samples wait for the next phase end before they are written on their own: five
    /// minutes of session time, so a long phase is not all lost to a crash and a 3-hour session
    /// writes about as often as a workout of short phases.
    static let samplesPerWrite = 300

    /// After the lock made a write fail, how long later events go by before the next try, in
    /// seconds, so a locked history never makes the sink fall further and further behind.
    static let retryInterval = 1.0

    private let path: String
    private let closingPatience: Double
    /// How long each write waits for the lock, in milliseconds.
    private let busyTimeout: Int32
    private let plan: WeekPlan?
    private let runner = ProcessIdentity.current()
    private var store: HistoryStore?
    /// Writes not made yet, oldest first.
    private var waiting: [Write] = []
    /// No try before this monotonic time (nanoseconds), after a lock stopped one.
    private var nextTry: Int64 = 0
    /// The history could not be used for a reason other than a lock: nothing more is tried.
    private var broken = false
    private var session: Int64?
    /// What was measured since the last write was queued.
    private var gathered = MeasurementBatch()
    /// The real `t` of the running phase's `phase.start`.
    private var phaseStarted: Double?
    /// The real `t` of the `pause` not yet resumed.
    private var pausedSince: Double?
    /// The athlete's FTP the session runs with, for the measured TSS.
    private var ftp: Double?

    init(path: String, plan: WeekPlan?, closingPatience: Double, busyTimeout: Int32) {
        self.path = path
        self.plan = plan
        self.closingPatience = closingPatience
        self.busyTimeout = busyTimeout
    }

    func receive(_ event: Event) throws {
        guard !broken else { return }
        // To the millisecond, as the event stream gives `t`.
        let t = Double(event.t.milliseconds) / 1000
        // When a phase began or a sample fell on the session's timeline: a late wake-up does not move it.
        let due = event.due.map { Double($0.milliseconds) / 1000 } ?? t
        switch event.payload {
        case .sessionStart(let start):
            ftp = start.plan?.thresholds.ftp
            waiting.append(
                .start(
                    SessionStart(
                        workout: start.workout, file: start.file, started: start.wall, planned: start.planned, speed: start.speed,
                        runner: runner,
                        ftp: start.plan?.thresholds.ftp, plannedStress: start.plan.flatMap(PlannedLoad.init(plan:))?.stressScore)))
        case .phaseStart:
            phaseStarted = due
            return
        case .pause:
            pausedSince = t
            return
        case .resume:
            guard let since = pausedSince else { return }
            gathered.pauses.append(PauseRecord(started: since, ended: t))
            pausedSince = nil
            return
        case .sample(let sample):
            gathered.samples.append(SampleRecord(t: due, active: sample.active.seconds, phase: sample.index, values: sample.values))
            guard gathered.samples.count >= Self.samplesPerWrite else { return }
            waiting.append(.measurements(takeGathered()))
        case .phaseEnd(let end):
            waiting.append(
                .phase(
                    PhaseRecord(
                        index: end.index + 1, kind: end.phase.kind, name: end.phase.name, exercise: end.phase.exercise,
                        planned: end.phase.duration,
                        active: end.active, outcome: end.outcome, reps: end.reps, weight: end.weight.map(LoggedWeight.init),
                        isOpen: end.phase.isOpen, distance: end.phase.distance, targets: end.phase.targets, started: phaseStarted,
                        measured: MeasuredRecord(end.measured)), takeGathered()))
        case .sessionEnd(let end):
            if let since = pausedSince { gathered.pauses.append(PauseRecord(started: since, ended: nil)) }
            waiting.append(
                .end(
                    SessionEnd(
                        ended: end.wall, outcome: end.outcome, active: end.active, paused: end.paused,
                        stress: MeasuredLoad(end.measured, ftp: ftp)?.stressScore, measured: MeasuredRecord(end.measured)), takeGathered()))
        default:
            return
        }
        guard Clocks.monotonicNanoseconds() >= nextTry else { return }
        try writeWaiting()
    }

    /// What was gathered, leaving nothing.
    private func takeGathered() -> MeasurementBatch {
        defer { gathered = MeasurementBatch() }
        return gathered
    }

    /// Writes what still waits, trying again until `closingPatience` has passed while the lock
    /// stays; what could not be written then is reported. Then closes the history: the last
    /// connection to close folds the write-ahead log into the database and removes it, so the
    /// next pacer to open the history does not read the log of every session before it.
    func close() throws {
        defer { store = nil }
        let deadline = Clocks.monotonicNanoseconds() + Int64(closingPatience * 1e9)
        while !waiting.isEmpty && !broken {
            try writeWaiting()
            guard !waiting.isEmpty, Clocks.monotonicNanoseconds() < deadline else { break }
            usleep(50_000)
        }
        guard waiting.isEmpty || broken else {
            let lost = session == nil ? "this session is not recorded" : "the last \(waiting.count) records of this session are missing"
            throw HistoryError.locked(path: path, reason: "another program kept it locked until pacer gave up: \(lost)")
        }
    }

    /// How the session stands, once it is recorded: "3rd session this week · …".
    private(set) var standing: String?
    /// How many rows of the history the standing left out because a value in them cannot be read.
    private(set) var unreadable = 0

    /// Makes the waiting writes in order, stopping at the first that finds the history locked.
    private func writeWaiting() throws {
        do throws(HistoryError) {
            let store = try openStore()
            while let write = waiting.first {
                try perform(write, in: store)
                waiting.removeFirst()
            }
        } catch .locked {
            nextTry = Clocks.monotonicNanoseconds() + Int64(Self.retryInterval * 1e9)
        } catch {
            broken = true
            waiting = []
            throw error
        }
    }

    private func openStore() throws(HistoryError) -> HistoryStore {
        if let store { return store }
        let opened = try HistoryStore(path: path, busyTimeout: busyTimeout)
        store = opened
        return opened
    }

    private func perform(_ write: Write, in store: HistoryStore) throws(HistoryError) {
        switch write {
        case .start(let start):
            session = try store.startSession(start)
        case .measurements(let batch):
            guard let session else { return }
            try store.recordMeasurements(batch, session: session)
        case .phase(let phase, let batch):
            guard let session else { return }
            try store.recordPhase(phase, session: session, batch)
        case .end(let end, let batch):
            guard let session else { return }
            try store.endSession(session, end, batch)
            standing = try store.standing(ofSession: session, plan: plan)?.text
            unreadable = store.unreadableRows.count
        }
    }
}
