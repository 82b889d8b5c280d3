extension Int {
    /// How many decimal digits the number has (1 for 0; a negative number's, without its sign).
    var decimalDigitCount: Int {
        var count = 1
        var rest = self / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
