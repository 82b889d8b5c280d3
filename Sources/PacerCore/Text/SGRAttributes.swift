/// What an SGR style (`1;31`) sets, read from its parameters: so that going from one style to
/// another can name only what differs (`39` from bold red to bold), and a space can be known to
/// look the same in any style that gives it no background, reversal or line.
struct SGRAttributes: Equatable {
    /// The attributes that are on or off, each with the parameter that sets it and the one that
    /// clears it. Bold and faint are both cleared by `22`.
    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let bold = Flags(rawValue: 1)
        static let faint = Flags(rawValue: 2)
        static let italic = Flags(rawValue: 4)
        static let underline = Flags(rawValue: 8)
        static let blink = Flags(rawValue: 16)
        static let reverse = Flags(rawValue: 32)
        static let conceal = Flags(rawValue: 64)
        static let strike = Flags(rawValue: 128)

        /// The flags other than bold and faint, with the parameters that set and clear them.
        static let toggled: [(flag: Flags, on: Int, off: Int)] = [
            (.italic, 3, 23), (.underline, 4, 24), (.blink, 5, 25), (.reverse, 7, 27), (.conceal, 8, 28), (.strike, 9, 29),
        ]
    }

    private var flags: Flags = []
    /// The parameters of the foreground colour (`31`, `38;5;208`); empty for the default.
    private var foreground: [Int] = []
    /// The parameters of the background colour; empty for the default.
    private var background: [Int] = []

    /// The default style.
    static let plain = SGRAttributes()

    private init() {}

    /// The attributes `parameters` set from the default style, applied in order as a terminal
    /// applies them; nil when one is not understood here (`21`, whose meaning terminals differ on,
    /// a colour cut short, anything not listed), so that a caller falls back to a reset.
    init?(parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { $0.isEmpty ? 0 : Int($0) ?? -1 }
        var index = 0
        while index < numbers.count {
            let number = numbers[index]
            index += 1
            switch number {
            case 0: self = .plain
            case 1: flags.insert(.bold)
            case 2: flags.insert(.faint)
            case 22: flags.subtract([.bold, .faint])
            case 30...37, 90...97: foreground = [number]
            case 39: foreground = []
            case 40...47, 100...107: background = [number]
            case 49: background = []
            case 38, 48:
                guard let colour = Self.extendedColour(numbers, from: index) else { return nil }
                index += colour.count
                if number == 38 { foreground = [number] + colour } else { background = [number] + colour }
            default:
                guard let toggle = Flags.toggled.first(where: { $0.on == number || $0.off == number }) else { return nil }
                if toggle.on == number { flags.insert(toggle.flag) } else { flags.remove(toggle.flag) }
            }
        }
    }

    /// The parameters after `38` or `48` at `index`: `5;n` or `2;r;g;b`, each from 0 to 255.
    private static func extendedColour(_ numbers: [Int], from index: Int) -> [Int]? {
        guard index < numbers.count else { return nil }
        let count = numbers[index] == 5 ? 2 : numbers[index] == 2 ? 4 : 0
        guard count > 0, index + count <= numbers.count else { return nil }
        let colour = Array(numbers[index..<index + count])
        return colour.dropFirst().allSatisfy { (0...255).contains($0) } ? colour : nil
    }

    /// Whether a space in this style shows anything: a background, reversed colours, or a line
    /// under or through it. A space in any other style looks like a space in none.
    var showsOnBlank: Bool {
        !background.isEmpty || !flags.isDisjoint(with: [.reverse, .underline, .strike])
    }

    /// The parameters of the shortest `ESC [ … m` that takes a terminal from `old` to this style:
    /// only what differs, or a reset followed by this style when that is no longer (an empty text
    /// resets alone). Nil when nothing differs.
    func parameters(from old: SGRAttributes) -> String? {
        guard self != old else { return nil }
        let changes = Self.text(changedParameters(from: old))
        let fromNone = Self.text(changedParameters(from: .plain))
        let reset = fromNone.isEmpty ? "" : "0;" + fromNone
        return changes.utf8.count < reset.utf8.count ? changes : reset
    }

    private func changedParameters(from old: SGRAttributes) -> [Int] {
        var numbers: [Int] = []
        let intensity: Flags = [.bold, .faint]
        if !old.flags.intersection(intensity).isSubset(of: flags.intersection(intensity)) {
            numbers.append(22)
            if flags.contains(.bold) { numbers.append(1) }
            if flags.contains(.faint) { numbers.append(2) }
        } else {
            if flags.contains(.bold), !old.flags.contains(.bold) { numbers.append(1) }
            if flags.contains(.faint), !old.flags.contains(.faint) { numbers.append(2) }
        }
        for toggle in Flags.toggled where flags.contains(toggle.flag) != old.flags.contains(toggle.flag) {
            numbers.append(flags.contains(toggle.flag) ? toggle.on : toggle.off)
        }
        if foreground != old.foreground { numbers += foreground.isEmpty ? [39] : foreground }
        if background != old.background { numbers += background.isEmpty ? [49] : background }
        return numbers
    }

    private static func text(_ numbers: [Int]) -> String {
        numbers.map(String.init).joined(separator: ";")
    }
}
