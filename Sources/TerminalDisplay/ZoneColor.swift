/// The colour of each of Coggan's seven power zones, as riders know them from Zwift and
/// TrainerRoad: Z1 grey, Z2 blue, Z3 green, Z4 yellow, Z5 orange, Z6 red, Z7 magenta.
public enum ZoneColor {
    /// The SGR parameters of zone `zone`'s colour (1 to 7), for `TerminalText.styled`; empty for
    /// a number that is no zone.
    public static func parameters(zone: Int) -> String {
        switch zone {
        case 1: "90"
        case 2: "34"
        case 3: "32"
        case 4: "33"
        // Orange has no colour of its own among the sixteen: the 256-colour palette's.
        case 5: "38;5;208"
        case 6: "31"
        case 7: "35"
        default: ""
        }
    }
}
