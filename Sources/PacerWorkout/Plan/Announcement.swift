import PacerFoundation

/// Something said during a phase at an offset into it: timed cues and the halfway call, those
/// less than a second apart joined into one.
public struct Announcement: Sendable, Equatable {
    public var offset: WorkoutDuration
    public var text: String
    /// Whether the halfway call is (part of) it.
    public var isHalfway: Bool

    public init(offset: WorkoutDuration, text: String, isHalfway: Bool = false) {
        self.offset = offset
        self.text = text
        self.isHalfway = isHalfway
    }

    /// The text of the halfway call.
    public static let halfwayText = "Halfway"
    /// The text said when an open step passes its target.
    public static let targetText = "Target time"
    /// Announcements closer than this to the first of a group are said with it, as one.
    public static let window = WorkoutDuration.seconds(1)

    /// The announcements in time order (at the same offset, the halfway call first, then cues as
    /// written), each joined with those less than `window` after it: their texts in order, with ". ".
    /// `groups` gives the indices into `announcements` that each result was made of.
    public static func merged(_ announcements: [Announcement]) -> (announcements: [Announcement], groups: [[Int]]) {
        let order = announcements.indices.sorted {
            let (a, b) = (announcements[$0], announcements[$1])
            if a.offset != b.offset { return a.offset < b.offset }
            if a.isHalfway != b.isHalfway { return a.isHalfway }
            return $0 < $1
        }
        var result: [Announcement] = []
        var groups: [[Int]] = []
        for index in order {
            let next = announcements[index]
            if let last = result.last, next.offset - last.offset < window {
                result[result.count - 1].text += ". " + next.text
                result[result.count - 1].isHalfway = last.isHalfway || next.isHalfway
                groups[groups.count - 1].append(index)
            } else {
                result.append(next)
                groups.append([index])
            }
        }
        return (result, groups)
    }
}

extension Phase {
    /// A work phase of at least this long calls its halfway point when the workout sets `halfway`.
    public static let shortestHalfway = WorkoutDuration.seconds(10)

    /// Whether the phase calls its halfway point: its own `halfway` if set, else the workout's for a
    /// work phase of 10 s or more. Only a phase with a duration has a halfway point.
    public func callsHalfway(workoutHalfway: Bool) -> Bool {
        guard let duration else { return false }
        return halfway ?? (workoutHalfway && kind == .work && duration >= Self.shortestHalfway)
    }

    /// What the phase announces while it runs, in order, with the halfway call and the target if it has them.
    public func announcements(workoutHalfway: Bool) -> [Announcement] {
        let all = unmergedAnnouncements(workoutHalfway: workoutHalfway)
        // Most phases say nothing, or one thing: nothing to order or join.
        return all.count < 2 ? all : Announcement.merged(all).announcements
    }

    /// Its cues, in the order written, then the halfway call and an open step's target, if it has them.
    func unmergedAnnouncements(workoutHalfway: Bool) -> [Announcement] {
        var all = cues.map { Announcement(offset: $0.at, text: $0.text) }
        if callsHalfway(workoutHalfway: workoutHalfway), let duration {
            all.append(
                Announcement(
                    offset: WorkoutDuration(milliseconds: duration.milliseconds / 2), text: Announcement.halfwayText, isHalfway: true))
        }
        if isOpen, let target {
            all.append(Announcement(offset: target, text: Announcement.targetText))
        }
        return all
    }
}
