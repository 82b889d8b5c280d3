/// Pacer's version, as `pacer --version` says it and plugins are told.
public enum PacerVersion {
    public static let current = "0.2.0"
}
