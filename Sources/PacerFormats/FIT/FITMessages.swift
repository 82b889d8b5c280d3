/// The messages of a FIT file, read after its header and CRC are checked: each message's global
/// number, where it starts, and its fields' values by field number. Developer fields are skipped.
///
/// Only the messages asked for are kept, and each keeps no more than where its data is in the file
/// and where, in it, the fields the profile names are: a field is read when it is asked for, so
/// what the file holds costs a few words a message, however many fields its definitions declare.
struct FITMessages {
    /// One data message.
    struct Message {
        let global: FITProfile.Message
        /// The byte offset of its record header, for messages about it.
        let offset: Int
        private let file: [UInt8]
        private let definition: Definition
        /// Where its data starts.
        private let data: Int

        fileprivate init(_ global: FITProfile.Message, file: [UInt8], definition: Definition, offset: Int, data: Int) {
            self.global = global
            self.offset = offset
            self.file = file
            self.definition = definition
            self.data = data
        }

        /// A field's whole number; nil when absent, a string, or FIT's "invalid" value.
        func number(_ field: some FITProfile.Field) -> UInt64? {
            if case .number(let value)? = value(field) { value } else { nil }
        }

        /// A field's text; nil when absent, empty or not a string.
        func text(_ field: some FITProfile.Field) -> String? {
            if case .text(let value)? = value(field), !value.isEmpty { value } else { nil }
        }

        /// A field's value as its base type says; nil when the message has no such field (the
        /// last of two fields of one number counts).
        private func value(_ field: some FITProfile.Field) -> Value? {
            guard let place = definition.known.last(where: { $0.number == field.rawValue }) else { return nil }
            let start = data + Int(place.start)
            return FITMessages.value(file[start..<(start + Int(place.size))], baseType: place.baseType, bigEndian: definition.bigEndian)
        }
    }

    /// A field's value: a whole number, a string, or FIT's "invalid" (no value).
    enum Value {
        case number(UInt64)
        case text(String)
        case invalid
    }

    /// A refusal at a byte offset of the file.
    struct Refusal: Error {
        let offset: Int
        let message: String
    }

    /// The most messages read from one file: a workout holds a few hundred.
    static let maximumMessages = 100_000

    /// A definition message: its global number, byte order, the size of its data messages
    /// (developer fields included), and where in them the fields the profile names are.
    fileprivate struct Definition {
        let global: UInt16
        let bigEndian: Bool
        let size: Int
        let known: [KnownField]
    }

    /// A field of a definition that pacer reads: its number, and where and how it is in the data.
    fileprivate struct KnownField {
        let number: UInt8
        let start: UInt16
        let size: UInt8
        let baseType: UInt8
    }

    let messages: [Message]

    /// Reads `bytes`: the header (12 or 14 bytes, `.FIT`), the records and the CRC that ends the
    /// file, keeping the messages of the `kept` global numbers.
    init(_ bytes: [UInt8], keeping kept: Set<FITProfile.Message>) throws(Refusal) {
        guard bytes.count >= 12, bytes[8..<12].elementsEqual(".FIT".utf8) else {
            throw Refusal(offset: 0, message: "no FIT header: a FIT file starts with its header size and \".FIT\" at byte 8")
        }
        let headerSize = Int(bytes[0])
        guard headerSize == 12 || headerSize == 14, bytes.count >= headerSize else {
            throw Refusal(
                offset: 0, message: "the header says it is \(ImportedValues.counted(Double(headerSize), "byte")); a FIT header is 12 or 14")
        }
        let dataSize = Int(Self.little(bytes, at: 4, size: 4))
        let end = headerSize + dataSize
        guard end + 2 <= bytes.count else {
            throw Refusal(
                offset: bytes.count,
                message: "the file ends after \(bytes.count) bytes, where its header promises \(end + 2): it is cut short")
        }
        if headerSize == 14 {
            let stored = Self.little(bytes, at: 12, size: 2)
            guard stored == 0 || stored == UInt64(FITEncoding.crc(Array(bytes[0..<12]))) else {
                throw Refusal(offset: 12, message: "the header's CRC does not match: the file is damaged")
            }
        }
        guard Self.little(bytes, at: end, size: 2) == UInt64(FITEncoding.crc(Array(bytes[0..<end]))) else {
            throw Refusal(offset: end, message: "the file's CRC does not match its content: the file is damaged")
        }
        var definitions: [UInt8: Definition] = [:]
        var messages: [Message] = []
        var count = 0
        var offset = headerSize
        while offset < end {
            let start = offset
            let header = bytes[offset]
            offset += 1
            let local = header & 0x80 != 0 ? (header >> 5) & 0x03 : header & 0x0F
            if header & 0xC0 == 0x40 {
                let (definition, next) = try Self.definition(bytes, at: offset, end: end, developer: header & 0x20 != 0, keeping: kept)
                definitions[local] = definition
                offset = next
                continue
            }
            guard let definition = definitions[local] else {
                throw Refusal(offset: start, message: "a data message of local type \(local) comes before its definition")
            }
            guard offset + definition.size <= end else {
                throw Refusal(offset: start, message: "a message runs past the end of the records")
            }
            if let global = FITProfile.Message(rawValue: definition.global), kept.contains(global) {
                messages.append(Message(global, file: bytes, definition: definition, offset: start, data: offset))
            }
            offset += definition.size
            count += 1
            guard count <= Self.maximumMessages else {
                throw Refusal(offset: start, message: "more than \(Self.maximumMessages) messages: this is no workout file")
            }
        }
        self.messages = messages
    }

    private static func definition(
        _ bytes: [UInt8], at start: Int, end: Int, developer: Bool,
        keeping kept: Set<FITProfile.Message>
    ) throws(Refusal) -> (Definition, Int) {
        guard start + 5 <= end else { throw Refusal(offset: start, message: "a definition runs past the end of the records") }
        let bigEndian = bytes[start + 1] == 1
        let global =
            bigEndian ? UInt16(bytes[start + 2]) << 8 | UInt16(bytes[start + 3]) : UInt16(Self.little(bytes, at: start + 2, size: 2))
        let count = Int(bytes[start + 4])
        var offset = start + 5
        guard offset + 3 * count <= end else { throw Refusal(offset: start, message: "a definition runs past the end of the records") }
        let names = FITProfile.Message(rawValue: global).flatMap { kept.contains($0) ? $0.fields : nil } ?? []
        var known: [KnownField] = []
        var size = 0
        for place in stride(from: offset, to: offset + 3 * count, by: 3) {
            if names.contains(bytes[place]) {
                known.append(KnownField(number: bytes[place], start: UInt16(size), size: bytes[place + 1], baseType: bytes[place + 2]))
            }
            size += Int(bytes[place + 1])
        }
        offset += 3 * count
        var developerBytes = 0
        if developer {
            guard offset < end else { throw Refusal(offset: start, message: "a definition runs past the end of the records") }
            let developerCount = Int(bytes[offset])
            offset += 1
            guard offset + 3 * developerCount <= end else {
                throw Refusal(offset: start, message: "a definition runs past the end of the records")
            }
            developerBytes = (0..<developerCount).reduce(0) { $0 + Int(bytes[offset + 3 * $1 + 1]) }
            offset += 3 * developerCount
        }
        return (Definition(global: global, bigEndian: bigEndian, size: size + developerBytes, known: known), offset)
    }

    /// A field's bytes as its base type says: a string up to its NUL, or an unsigned whole number
    /// of 1, 2, 4 or 8 bytes (all ones, FIT's "invalid", is no value). Other types are no value here.
    fileprivate static func value(_ bytes: ArraySlice<UInt8>, baseType: UInt8, bigEndian: Bool) -> Value {
        if baseType == FITEncoding.BaseType.string.rawValue { return .text(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)) }
        guard [1, 2, 4, 8].contains(bytes.count) else { return .invalid }
        let ordered: [UInt8] = bigEndian ? bytes.reversed() : Array(bytes)
        let number = ordered.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let invalid = bytes.count == 8 ? UInt64.max : (UInt64(1) << (8 * UInt64(bytes.count))) - 1
        return number == invalid ? .invalid : .number(number)
    }

    private static func little(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
