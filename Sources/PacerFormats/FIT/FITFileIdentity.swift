/// What makes an exported FIT file one of its own on a device: Garmin asks that type,
/// manufacturer, product and serial number be unique there, with `time_created`. The serial
/// number mixes the file's content with a number drawn for the export, so two exports (of one
/// workout or two, in the same second or not) do not collide.
public struct FITFileIdentity: Sendable, Equatable {
    /// When the file was made, in seconds after the Unix epoch.
    public let created: Int64
    /// A number drawn for this export.
    public let nonce: UInt32

    public init(created: Int64, nonce: UInt32) {
        self.created = created
        self.nonce = nonce
    }

    /// The `file_id` fields of a workout file whose messages have `digest`.
    func fileID(digest: UInt32) -> [FITEncoding.Field] {
        // uint32z: 0 is "no serial number", so it is never written.
        let serial = max(digest ^ nonce, 1)
        let created = UInt32(clamping: max(created - FITProfile.Scale.epochInUnixSeconds, 0))
        return [
            .enumeration(FITProfile.FileIDField.type, FITProfile.FileType.workout),
            .enumeration(FITProfile.FileIDField.manufacturer, FITProfile.Manufacturer.development),
            .number(FITProfile.FileIDField.product, 0),
            .number(FITProfile.FileIDField.serialNumber, serial),
            .number(FITProfile.FileIDField.timeCreated, created),
        ]
    }
}
