import PacerWorkout
import Speech
import Testing

@Suite("SpeechQueue")
struct SpeechQueueTests {
    @Test func speaksAtOnceWhenQuietAndQueuesWhatMattersNoMore() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        #expect(queue.offer(line("Rest"), at: seconds(0)) == [.speak("Rest")])
        #expect(queue.offer(line("Next: lunges", .remark), at: seconds(0)) == [])
        #expect(queue.offer(line("Deep breath", .remark, at: 1), at: seconds(0)) == [])
        #expect(queue.waiting.map(\.text) == ["Next: lunges", "Deep breath"])
        #expect(queue.finished(at: seconds(0.4)) == [.speak("Next: lunges")])
        #expect(queue.finished(at: seconds(1.6)) == [.speak("Deep breath")])
        #expect(queue.finished(at: seconds(2.7)) == [])
        #expect(queue.isIdle)
    }

    @Test func aCountdownNumberCutsOffWhateverIsBeingSaid() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        _ = queue.offer(line("Keep your back straight and breathe", .remark), at: seconds(0))
        #expect(queue.offer(line("three", .beat, at: 1), at: seconds(1)) == [.stop, .speak("three")])
        // A beat cuts the beat before it too: each number is on its own second.
        #expect(queue.offer(line("two", .beat, at: 1.2), at: seconds(1.2)) == [.stop, .speak("two")])
        #expect(queue.current?.text == "two")
    }

    @Test func moreImportantWordsCutAndLessImportantOnesWaitBehindEqualOnes() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        _ = queue.offer(line("Halfway", .remark), at: seconds(0))
        #expect(queue.offer(line("Paused"), at: seconds(0.1)) == [.stop, .speak("Paused")])
        #expect(queue.offer(line("Workout complete"), at: seconds(0.2)) == [])
        #expect(queue.offer(line("Well done", .remark), at: seconds(0.2)) == [])
        #expect(queue.offer(line("Hooray"), at: seconds(0.2)) == [])
        #expect(queue.waiting.map(\.text) == ["Workout complete", "Hooray", "Well done"])
    }

    @Test func aLaterScopeCutsWhatIsLeftOfTheOneBefore() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        _ = queue.offer(line("Rest", scope: 1), at: seconds(0))
        _ = queue.offer(line("Next: lunges", .remark, scope: 1), at: seconds(0))
        // The next phase starts (a skip): the old phase's words go, said or waiting.
        #expect(queue.offer(line("Lunges, 30 seconds", at: 0.2, scope: 2), at: seconds(0.2)) == [.stop, .speak("Lunges, 30 seconds")])
        #expect(queue.waiting.isEmpty)
        #expect(queue.finished(at: seconds(2)) == [])
    }

    @Test func wordsThatOverstayTheirMomentAreCutByWhateverComesNext() {
        var queue = SpeechQueue(length: { _ in .seconds(5) })
        _ = queue.offer(line("Wall sit", finishBy: 5), at: seconds(0))
        #expect(queue.offer(line("Breathe", .remark, at: 4), at: seconds(4)) == [])
        #expect(queue.offer(line("Breathe", .remark, at: 6), at: seconds(6)) == [.stop, .speak("Breathe")])
    }

    @Test func nothingStartsAfterItsMomentOrIfItWouldNotFinishInTime() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        // Due at 0, it may start until 1.
        #expect(queue.offer(line("Late"), at: seconds(1.01)) == [])
        // 2 s of words with 1 s left: the short form fits.
        #expect(queue.offer(line("Wall sit, 30 seconds", finishBy: 1.5, short: "Wall sit"), at: seconds(0.5)) == [.speak("Wall sit")])
        _ = queue.finished(at: seconds(1.3))
        #expect(queue.offer(line("Wall sit, 30 seconds", finishBy: 1.5, short: "Wall sit"), at: seconds(1)) == [])
        // A waiting remark that no longer fits when its turn comes is dropped, and the next one is tried.
        _ = queue.offer(line("Squats", at: 2), at: seconds(2))
        _ = queue.offer(line("Next: long words", .remark, at: 2, finishBy: 3.5), at: seconds(2))
        _ = queue.offer(line("Go", .remark, at: 2, finishBy: 3.5), at: seconds(2))
        #expect(queue.finished(at: seconds(2.6)) == [.speak("Go")])
        #expect(queue.isIdle == false && queue.waiting.isEmpty)
    }

    @Test func silenceStopsAndForgets() {
        var queue = SpeechQueue(length: tenthPerCharacter)
        #expect(queue.silence() == [])
        _ = queue.offer(line("Rest"), at: seconds(0))
        _ = queue.offer(line("Next: lunges", .remark), at: seconds(0))
        #expect(queue.silence() == [.stop])
        #expect(queue.isIdle)
    }
}

@Suite("SpokenTimeline")
struct SpokenTimelineTests {
    private func offer(_ utterance: Utterance) -> SessionScore.Offer {
        SessionScore.Offer(utterance: utterance, at: utterance.due)
    }

    @Test func playsTheQueueWithKnownLengths() {
        let offers = [
            offer(line("Rest", at: 0, finishBy: 7)),
            offer(line("Next: lunges", .remark, at: 0, finishBy: 7)),
            offer(line("Stretch your calves and shake out your legs, slowly now", .remark, at: 0, finishBy: 7)),
            offer(line("three", .beat, at: 7)),
            offer(line("two", .beat, at: 8)),
            offer(line("one", .beat, at: 9)),
            offer(line("Lunges, 30 seconds", at: 10, finishBy: 37, scope: 2)),
        ]
        let clips = SpokenTimeline.clips(of: offers, length: tenthPerCharacter)
        #expect(clips.map(\.text) == ["Rest", "Next: lunges", "three", "two", "one", "Lunges, 30 seconds"])
        #expect(clips.map(\.start) == [0, 0.4, 7, 8, 9, 10].map(seconds))
        #expect(clips.map(\.end) == [0.4, 1.6, 7.5, 8.3, 9.3, 11.8].map(seconds))
        #expect(clips.allSatisfy { !$0.isCut })
    }

    @Test func aBeatCutsALongSentenceAtItsDueTime() {
        let offers = [
            offer(line("Plank, hold it there and keep breathing", at: 0)),
            offer(line("three", .beat, at: 2)),
        ]
        let clips = SpokenTimeline.clips(of: offers, length: tenthPerCharacter)
        #expect(clips.map(\.text) == ["Plank, hold it there and keep breathing", "three"])
        #expect(clips[0].isCut && clips[0].end == seconds(2) && clips[1].start == seconds(2))
    }
}
