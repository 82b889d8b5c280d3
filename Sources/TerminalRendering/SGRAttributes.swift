import PacerFoundation

/// What an SGR style (`1;31`) sets, read from its parameters: so that going from one style to
/// another can name only what differs (`39` from bold red to bold), and a space can be known to
/// look the same in any style that gives it no background, reversal or line. Plain numbers
/// throughout: a frame reads a style and writes a change with nothing allocated.
struct SGRAttributes: Equatable {
    /// The attributes that are on or off. Bold and faint are both cleared by `22`; each of the
    /// others is set by its number and cleared by its number and 20.
    private struct Flags: OptionSet {
        let rawValue: UInt16
        static let bold = Flags(rawValue: 1 << 1)
        static let faint = Flags(rawValue: 1 << 2)
        static let italic = Flags(rawValue: 1 << 3)
        static let underline = Flags(rawValue: 1 << 4)
        static let blink = Flags(rawValue: 1 << 5)
        static let reverse = Flags(rawValue: 1 << 7)
        static let conceal = Flags(rawValue: 1 << 8)
        static let strike = Flags(rawValue: 1 << 9)

        /// The flag a number from 3 to 9 sets (6, rapid blink, is not taken).
        static func set(by number: Int) -> Flags? {
            (3...9).contains(number) && number != 6 ? Flags(rawValue: 1 << number) : nil
        }
    }

    /// A colour, packed: 0 for the default, else a number of 30…107 by itself, a 256-colour
    /// index (`5;n`) above 1 << 24, or red, green and blue (`2;r;g;b`) above 2 << 24.
    private typealias Colour = UInt32

    private var flags: Flags = []
    private var foreground: Colour = 0
    private var background: Colour = 0

    /// The default style.
    static let plain = SGRAttributes()

    private init() {}

    /// The attributes `parameters` set from the default style, applied in order as a terminal
    /// applies them; an empty parameter is 0. Nil when one is not understood here (`21`, whose
    /// meaning terminals differ on, a colour cut short, a number of more than three digits,
    /// anything but digits and semicolons), so that a caller falls back to a reset.
    init?(parameters: String) {
        var reader = Reader()
        for byte in parameters.utf8 {
            if byte == UInt8(ascii: ";") {
                guard reader.take(into: &self) else { return nil }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), reader.digits < 3 {
                reader.number = reader.number * 10 + Int(byte - UInt8(ascii: "0"))
                reader.digits += 1
            } else {
                return nil
            }
        }
        guard reader.take(into: &self), reader.colour == nil else { return nil }
    }

    /// Reads the numbers of a style one by one, with what an extended colour still waits for.
    private struct Reader {
        var number = 0
        var digits = 0
        /// An extended colour being read: its layer (38 or 48), its kind (5 or 2, once read), the
        /// values read, and how many are still to come.
        var colour: (layer: Int, kind: Int?, value: Colour, left: Int)?

        /// Applies the number just read to `attributes`; false when it is not understood.
        mutating func take(into attributes: inout SGRAttributes) -> Bool {
            defer {
                number = 0
                digits = 0
            }
            guard let extended = colour else { return attributes.apply(number, reader: &self) }
            guard let kind = extended.kind else {
                guard number == 5 || number == 2 else { return false }
                colour = (extended.layer, number, Colour(number == 5 ? 1 : 2) << 24, number == 5 ? 1 : 3)
                return true
            }
            guard number <= 255 else { return false }
            let value = extended.value | Colour(number) << (8 * Colour(extended.left - 1))
            guard extended.left == 1 else {
                colour = (extended.layer, kind, value, extended.left - 1)
                return true
            }
            if extended.layer == 38 { attributes.foreground = value } else { attributes.background = value }
            colour = nil
            return true
        }
    }

    /// Applies one number that stands by itself, or begins an extended colour in `reader`.
    private mutating func apply(_ number: Int, reader: inout Reader) -> Bool {
        switch number {
        case 0: self = .plain
        case 1: flags.insert(.bold)
        case 2: flags.insert(.faint)
        case 22: flags.subtract([.bold, .faint])
        case 30...37, 90...97: foreground = Colour(number)
        case 39: foreground = 0
        case 40...47, 100...107: background = Colour(number)
        case 49: background = 0
        case 38, 48: reader.colour = (number, nil, 0, 0)
        default:
            if let flag = Flags.set(by: number) {
                flags.insert(flag)
            } else if let flag = Flags.set(by: number - 20) {
                flags.remove(flag)
            } else {
                return false
            }
        }
        return true
    }

    /// Whether a space in this style shows anything: a background, reversed colours, or a line
    /// under or through it. A space in any other style looks like a space in none.
    var showsOnBlank: Bool {
        background != 0 || !flags.isDisjoint(with: [.reverse, .underline, .strike])
    }

    /// Appends the shortest `ESC [ … m` that takes a terminal from `old` to this style: only what
    /// differs, or a reset followed by this style when that is no longer (`ESC [ m` resets
    /// alone). Nothing when nothing differs.
    func writeChange(from old: SGRAttributes, to output: inout [UInt8]) {
        guard self != old else { return }
        let whole = parametersLength(from: .plain)
        // "0;" and the style's own, or nothing at all when the style is the default.
        let resetLength = whole == 0 ? 0 : 2 + whole
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        var first = true
        func put(_ number: Int) {
            if !first { output.append(UInt8(ascii: ";")) }
            first = false
            output.appendDecimal(number)
        }
        if parametersLength(from: old) < resetLength {
            forEachParameter(from: old, put)
        } else if whole > 0 {
            put(0)
            forEachParameter(from: .plain, put)
        }
        output.append(UInt8(ascii: "m"))
    }

    /// How many bytes the parameters that take a terminal from `old` to this style are, with the
    /// semicolons between them; 0 when there are none.
    private func parametersLength(from old: SGRAttributes) -> Int {
        var length = -1
        forEachParameter(from: old) { length += 1 + $0.decimalDigitCount }
        return max(length, 0)
    }

    /// Calls `body` with each parameter that takes a terminal from `old` to this style.
    private func forEachParameter(from old: SGRAttributes, _ body: (Int) -> Void) {
        let intensity: Flags = [.bold, .faint]
        if !old.flags.intersection(intensity).isSubset(of: flags.intersection(intensity)) {
            body(22)
            if flags.contains(.bold) { body(1) }
            if flags.contains(.faint) { body(2) }
        } else {
            if flags.contains(.bold), !old.flags.contains(.bold) { body(1) }
            if flags.contains(.faint), !old.flags.contains(.faint) { body(2) }
        }
        for number in 3...9 {
            guard let flag = Flags.set(by: number), flags.contains(flag) != old.flags.contains(flag) else { continue }
            body(flags.contains(flag) ? number : number + 20)
        }
        if foreground != old.foreground { Self.forEachParameter(of: foreground, layer: 38, reset: 39, body) }
        if background != old.background { Self.forEachParameter(of: background, layer: 48, reset: 49, body) }
    }

    /// Calls `body` with the parameters that set `colour` in its `layer` (38 or 48), or with
    /// `reset` for the default.
    private static func forEachParameter(of colour: Colour, layer: Int, reset: Int, _ body: (Int) -> Void) {
        switch colour >> 24 {
        case 0 where colour == 0:
            body(reset)
        case 0:
            body(Int(colour))
        case 1:
            body(layer)
            body(5)
            body(Int(colour & 0xFF))
        default:
            body(layer)
            body(2)
            body(Int(colour >> 16 & 0xFF))
            body(Int(colour >> 8 & 0xFF))
            body(Int(colour & 0xFF))
        }
    }
}
