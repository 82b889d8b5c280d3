import PacerFoundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so every run mutates the same way.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Damages workout files in the ways real files get damaged, and in some nastier ones.
struct Mutator {
    var random: SplitMix64

    static let alphabet = Array(#"{}[]":,\ 0123456789.-+eEtrufalsn"#.utf8) + [0x0A, 0x09, 0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xED, 0xF4, 0xFF]
    static let numbers = [
        "0", "-0", "-1", "1", "2", "10", "11", "3.5", "0.0001", "86400", "86401", "100000", "100001", "1000000",
        "2147483647", "2147483648", "99999999999999999999", "1e400", "1e-400",
    ]
    static let strings = [
        "", " ", "30s", "1:30", "1:02:03", "1m 30s", "500ms", "24h", "25h", "0", "-5", ".5s", "{round}", "{rounds}",
        "wrok", "nmae", "repeat", "circuit", #"\u0000"#, #"\uD800"#, #"\n"#, "é😀", "a\u{7}b",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func position(in bytes: [UInt8]) -> Int {
        int(0...bytes.count)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0...choices.count - 1)]
    }

    mutating func mutate(_ bytes: inout [UInt8]) {
        switch int(0...10) {
        case 0 where !bytes.isEmpty: // delete a few bytes
            let start = int(0...bytes.count - 1)
            bytes.removeSubrange(start..<min(bytes.count, start + int(1...16)))
        case 1: // insert a few bytes
            let inserted = (0..<int(1...8)).map { _ in pick(Self.alphabet) }
            bytes.insert(contentsOf: inserted, at: position(in: bytes))
        case 2 where !bytes.isEmpty: // replace a byte
            bytes[int(0...bytes.count - 1)] = int(0...1) == 0 ? UInt8(int(0...255)) : pick(Self.alphabet)
        case 3: // truncate
            bytes.removeSubrange(position(in: bytes)...)
        case 4 where !bytes.isEmpty: // duplicate a slice somewhere else
            let start = int(0...bytes.count - 1)
            let slice = Array(bytes[start..<min(bytes.count, start + int(1...64))])
            bytes.insert(contentsOf: slice, at: position(in: bytes))
        case 5: // swap two digits
            let digits = bytes.indices.filter { isDigit(bytes[$0]) }
            guard digits.count >= 2 else { return mutate(&bytes) }
            bytes.swapAt(pick(digits), pick(digits))
        case 6: // change a number: another digit, more digits, or a notable value
            let digits = bytes.indices.filter { isDigit(bytes[$0]) }
            guard let at = digits.isEmpty ? nil : pick(digits) else { return mutate(&bytes) }
            switch int(0...2) {
            case 0: bytes[at] = UInt8(ascii: "0") + UInt8(int(0...9))
            case 1: bytes.insert(contentsOf: (0..<int(1...12)).map { _ in UInt8(ascii: "0") + UInt8(int(0...9)) }, at: at)
            default:
                var end = at
                while end < bytes.count, isDigit(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
                var start = at
                while start > 0, isDigit(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") { start -= 1 }
                bytes.replaceSubrange(start..<end, with: Array(pick(Self.numbers).utf8))
            }
        case 7: // change the text of a string
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
            guard quotes.count >= 2 else { return mutate(&bytes) }
            let first = int(0...quotes.count - 2)
            bytes.replaceSubrange(quotes[first] + 1..<quotes[first + 1], with: Array(pick(Self.strings).utf8))
        case 8: // deep nesting, far past the parser's limit or just under it
            let unit = Array(pick(["[", #"{"a":"#, #"{"repeat": 2, "steps": ["#]).utf8)
            let depth = pick([int(1...40), int(200...300), int(1_000...5_000)])
            bytes.insert(contentsOf: (0..<depth).flatMap { _ in unit }, at: position(in: bytes))
        case 9: // wrap the whole steps array in repeats, balanced, so the file stays valid JSON
            guard let open = firstIndex(of: Array(#""steps": ["#.utf8), in: bytes),
                let close = bytes.lastIndex(of: UInt8(ascii: "]")), close > open
            else { return mutate(&bytes) }
            let depth = pick([int(1...3), int(4...12), int(30...36)])
            let count = pick(["1", "2", "3", "7", "1000", "1000000", "2147483647"])
            bytes.insert(contentsOf: Array(String(repeating: "]}", count: depth).utf8), at: close)
            bytes.insert(contentsOf: Array(String(repeating: #"{"repeat": \#(count), "steps": ["#, count: depth).utf8), at: open + 10)
        default: // a random byte anywhere
            bytes.insert(UInt8(int(0...255)), at: position(in: bytes))
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...bytes.count - needle.count).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

@Suite("Robustness")
struct FuzzTests {
    @Test func splitMix64IsDeterministic() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        var c = SplitMix64(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        // The reference sequence for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    /// Every mutated file either decodes to a workout within the limits or is rejected with diagnostics.
    /// It yields now and then: seconds of work must not hold one of the few threads every test
    /// runs on, or the tests that measure time beside it fail on a small machine.
    @Test func mutatedWorkoutsAreDecodedOrRejectedNeverCrash() async throws {
        let files = try WorkoutFixture.shippedJSONFiles()
        try #require(files.count >= 2)
        var mutator = Mutator(random: SplitMix64(seed: 0x5EED_F00D))
        var mutations = 0
        var accepted = 0
        var rejected = 0
        var failures: [String] = []

        for iteration in 0..<2_500 {
            if iteration.isMultiple(of: 25) { await Task.yield() }
            let file = files[iteration % files.count]
            var bytes = file.bytes
            repeat {
                mutator.mutate(&bytes)
                mutations += 1
            } while mutator.int(0...4) == 0

            switch WorkoutFixture.decode(bytes) {
            case .failure(let errors):
                rejected += 1
                if errors.diagnostics.isEmpty || errors.diagnostics.contains(where: { $0.message.isEmpty }) {
                    failures.append("#\(iteration) (\(file.name)): diagnostics \(errors.diagnostics)")
                }
            case .success(let workout):
                accepted += 1
                let plan = Plan(workout)
                let size = PlanSize(of: workout)
                if !(1...Plan.maximumPhases).contains(plan.phases.count) || plan.planned > .maximumWorkout
                    || size != PlanSize(phases: Int64(plan.phases.count), planned: plan.planned)
                {
                    failures.append("#\(iteration) (\(file.name)): \(plan.phases.count) phases, \(plan.planned.spoken), size \(size)")
                }
            }
        }

        #expect(failures.isEmpty, "\(failures.count) bad outcomes, first: \(failures.prefix(5))")
        #expect(mutations >= 3_000)
        // Both outcomes must actually be exercised, or the test proves little.
        #expect(accepted >= 100)
        #expect(rejected >= 1_000)
    }
}
