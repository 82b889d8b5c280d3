import PacerFoundation
import Testing

@Suite("Calendar days, ISO weeks and wall times")
struct CalendarTests {
    @Test(arguments: [
        ("2026-12-31", 20818, 4, "2026-W53"), ("2027-01-01", 20819, 5, "2026-W53"), ("2027-01-03", 20821, 7, "2026-W53"),
        ("2027-01-04", 20822, 1, "2027-W01"), ("2024-12-30", 20087, 1, "2025-W01"), ("2021-01-03", 18630, 7, "2020-W53"),
        ("2026-11-29", 20786, 7, "2026-W48"), ("2026-11-30", 20787, 1, "2026-W49"), ("2026-01-01", 20454, 4, "2026-W01"),
        ("2000-02-29", 11016, 2, "2000-W09"), ("1969-12-31", -1, 3, "1970-W01"), ("1970-01-01", 0, 4, "1970-W01"),
    ])
    func daysWeekdaysAndISOWeeks(text: String, number: Int, weekday: Int, week: String) throws {
        let day = try #require(CalendarDay(iso: text))
        #expect(day.number == number)
        #expect(day.description == text)
        #expect(day.weekday == weekday)
        #expect(day.isoWeek.description == week)
        #expect(CalendarDay(number: number) == day)
    }

    @Test func everyDayOfFourHundredYearsRoundTrips() {
        for number in CalendarDay(iso: "1900-01-01")!.number...CalendarDay(iso: "2300-12-31")!.number {
            let day = CalendarDay(number: number)
            let (year, month, date) = day.civil
            #expect(CalendarDay(year: year, month: month, day: date) == day)
            if number % 7 == 0 { #expect(day.weekday == 4) }
        }
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-11-30", "2026-1-30", "2026-11-3x", "", "2026/11/30"])
    func notADate(text: String) {
        #expect(CalendarDay(iso: text) == nil)
    }

    @Test func wallTimesKeepTheirLocalDayAndClock() throws {
        let late = try #require(WallTime(iso8601: "2026-12-31T23:30:00-05:00"))
        #expect(late.epochSeconds == 1_798_777_800 && late.utcOffset == -18_000)
        #expect(late.localDay.description == "2026-12-31", "New Year's Eve where it happened, though 2027 in UTC")
        #expect(late.clock() == "23:30" && late.clock(seconds: true) == "23:30:00")
        #expect(late.iso8601 == "2026-12-31T23:30:00-05:00")

        let early = try #require(WallTime(iso8601: "2027-01-01T00:30:00+01:00"))
        #expect(early.localDay.description == "2027-01-01" && early.localDay.isoWeek.description == "2026-W53")
        #expect(WallTime(epochSeconds: early.epochSeconds, utcOffset: 0).localDay.description == "2026-12-31")

        #expect(WallTime(iso8601: "2026-11-30T06:23:34Z")?.iso8601 == "2026-11-30T06:23:34+00:00")
        #expect(WallTime(iso8601: "2026-11-30T06:23:34+0530")?.iso8601 == "2026-11-30T06:23:34+05:30")
        #expect(WallTime(iso8601: "2026-11-30T06:23:34-09:30")?.offsetText == "-09:30")
    }

    /// Every form a v1 history or another program may have stored is read (issue: one `+0100` row
    /// failed the whole migration).
    @Test(arguments: [
        ("2026-11-30T06:23:34+0100", "2026-11-30T06:23:34+01:00"), ("2026-11-30T06:23:34+01", "2026-11-30T06:23:34+01:00"),
        ("2026-11-30 06:23:34+01:00", "2026-11-30T06:23:34+01:00"), ("2026-11-30T06:23:34.250+01:00", "2026-11-30T06:23:34+01:00"),
        ("2026-11-30T06:23:34,5Z", "2026-11-30T06:23:34+00:00"), ("2026-11-30T06:23:34.123456", "2026-11-30T06:23:34+00:00"),
        ("2026-11-30T06:23:34", "2026-11-30T06:23:34+00:00"), ("2026-11-30t06:23:34z", "2026-11-30T06:23:34+00:00"),
    ])
    func everyStoredFormIsRead(text: String, iso8601: String) {
        #expect(WallTime(iso8601: text)?.iso8601 == iso8601)
    }

    @Test(arguments: [
        "2026-11-30", "2026-11-30T06:23", "2026-11-30X06:23:34+01:00", "2026-11-30T25:00:00+01:00",
        "2026-11-30T06:23:34+1", "2026-11-30T06:23:34+01:00:00", "2026-11-30T06:23:34.+01:00",
        "2026-11-30T06:23:34+25:00", "2026-11-30T06:23:34 junk", "END",
    ])
    func notAWallTime(text: String) {
        #expect(WallTime(iso8601: text) == nil)
    }
}
