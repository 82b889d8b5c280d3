/// The number a weight starts with, read the same way in every locale or not at all: `22.5` and
/// `22,5` are decimals, `1,000,000`, `1,000.5` and `1.000,5` group thousands, and a lone
/// separator before exactly three digits (`1,000`, `1.000`, `12,500`) is refused as ambiguous,
/// since it is one thousand in one country and one in another.
public enum WeightNumber: Sendable, Equatable {
    /// A number, and how many scalars of the text it took.
    case number(Double, length: Int)
    /// A number that reads differently by locale, as written, with its two readings.
    case ambiguous(String, thousands: Double, decimal: Double)
    /// The text does not start with a number.
    case none

    /// Reads the number at the start of `scalars`: digits, `.` and `,`.
    public init(_ scalars: some Collection<Unicode.Scalar>) {
        let token = Array(scalars.prefix { Self.isDigit($0) || Self.isSeparator($0) })
        let text = String(String.UnicodeScalarView(token))
        guard let last = token.last, Self.isDigit(last) else {
            self = .none
            return
        }
        let separators = token.filter(Self.isSeparator)
        let groups = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," }).map(String.init)
        let decimal: String?
        switch separators.count {
        case 0:
            decimal = text
        case 1:
            if groups[1].count == 3, (1...3).contains(groups[0].count), groups[0].first != "0",
                let thousands = Double(groups[0] + groups[1]), let decimal = Double(groups[0] + "." + groups[1])
            {
                self = .ambiguous(text, thousands: thousands, decimal: decimal)
                return
            }
            decimal = groups[0] + "." + groups[1]
        default:
            decimal = Self.grouped(groups, separators: separators)
        }
        guard let decimal, let value = Double(decimal.first == "." ? "0" + decimal : decimal), value.isFinite else {
            self = .none
            return
        }
        self = .number(value, length: token.count)
    }

    /// For a number that reads differently by locale, how to write it instead:
    /// `1,000 means 1000 in some countries and 1 in others: write 1000 or 1`.
    public var ambiguityHint: String? {
        guard case .ambiguous(let number, let thousands, let decimal) = self else { return nil }
        let (large, small) = (JSONText.number(thousands), JSONText.number(decimal))
        return "\(number) means \(large) in some countries and \(small) in others: write \(large) or \(small)"
    }

    /// `1,000,000`, `1.000.000`, `1,000.5`, `1.000,25`: groups of three after the first, all with
    /// one separator, and then perhaps the other separator before the decimals.
    private static func grouped(_ groups: [String], separators: [Unicode.Scalar]) -> String? {
        let grouping = separators[0]
        let decimalPoint = separators.last != grouping
        let thousands = decimalPoint ? groups.dropLast() : groups[...]
        guard separators.dropLast(decimalPoint ? 1 : 0).allSatisfy({ $0 == grouping }),
            let first = thousands.first, (1...3).contains(first.count),
            thousands.dropFirst().allSatisfy({ $0.count == 3 })
        else { return nil }
        return thousands.joined() + (decimalPoint ? "." + groups[groups.count - 1] : "")
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "," }
}
