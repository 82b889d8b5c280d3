import Glibc
import PacerSystem
import Testing

/// Output the user stopped with Ctrl-S, restarted for a session a signal ends, on a pseudo-terminal
/// whose other end types the Ctrl-S.
@Suite("Stopped output")
struct StoppedOutputTests {
    /// A pseudo-terminal: the side a program writes to (non-blocking) and the side that types.
    private final class Pseudoterminal {
        let typing: Int32
        let program: Int32

        /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`):
        /// macros Swift does not import, nor `posix_openpt` and its kin.
        private static let setLock: UInt = 0x4004_5431
        private static let getNumber: UInt = 0x8004_5430

        init(flowControl: Bool) throws {
            typing = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(typing >= 0)
            var locked: Int32 = 0
            var number: UInt32 = 0
            try #require(ioctl(typing, Self.setLock, &locked) == 0 && ioctl(typing, Self.getNumber, &number) == 0)
            program = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            try #require(program >= 0)
            var modes = termios()
            try #require(tcgetattr(program, &modes) == 0)
            if flowControl { modes.c_iflag |= tcflag_t(IXON) } else { modes.c_iflag &= ~tcflag_t(IXON) }
            try #require(tcsetattr(program, TCSANOW, &modes) == 0)
        }

        deinit {
            close(program)
            close(typing)
        }

        /// Whether the program's side takes a byte now (false: its output is stopped).
        func takesOutput() -> Bool {
            var byte = UInt8(ascii: ".")
            return write(program, &byte, 1) == 1
        }

        func type(_ byte: UInt8) {
            var byte = byte
            _ = write(typing, &byte, 1)
        }

        /// Whether `ixon` is on.
        var flowControl: Bool {
            var modes = termios()
            return tcgetattr(program, &modes) == 0 && modes.c_iflag & tcflag_t(IXON) != 0
        }
    }

    /// Waits up to a second for the line discipline to have taken what was typed.
    private static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<100 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func outputStoppedWithCtrlSIsRestartedAndIxonStaysOn() throws {
        let terminal = try Pseudoterminal(flowControl: true)
        #expect(terminal.takesOutput())
        terminal.type(0x13)
        #expect(Self.eventually { !terminal.takesOutput() }, "Ctrl-S stops the output")
        TerminalModes.resumeStoppedOutput(of: terminal.program)
        #expect(terminal.takesOutput())
        #expect(terminal.flowControl)
    }

    @Test func aTerminalWithoutIxonIsLeftWithout() throws {
        let terminal = try Pseudoterminal(flowControl: false)
        terminal.type(0x13)
        #expect(Self.eventually { terminal.takesOutput() })
        TerminalModes.resumeStoppedOutput(of: terminal.program)
        #expect(terminal.takesOutput())
        #expect(!terminal.flowControl)
    }
}
