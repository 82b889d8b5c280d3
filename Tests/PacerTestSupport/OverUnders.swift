/// A short Zwift workout and an ERG course file, for the tests that import, show and run another app's files.
package enum OverUnders {
    package static let (warmup, on, off, repeats) = (20, 10, 5, 2)
    package static let zwo = """
        <workout_file>
          <name>Short over-unders</name>
          <workout>
            <Warmup Duration="\(warmup)" PowerLow="0.4" PowerHigh="0.7"/>
            <IntervalsT Repeat="\(repeats)" OnDuration="\(on)" OffDuration="\(off)" OnPower="1.2" OffPower="0.5">
              <textevent timeoffset="3" message="Go"/>
            </IntervalsT>
          </workout>
        </workout_file>

        """
    /// How long the `.zwo` lasts, in seconds.
    package static let seconds = warmup + repeats * (on + off)
    package static let erg =
        "[COURSE HEADER]\nMINUTES WATTS\n[END COURSE HEADER]\n[COURSE DATA]\n0 150\n1 150\n1 250\n1.5 250\n[END COURSE DATA]\n"
}
