#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/// Puts `fd` (or /dev/null when it is -1) on `target`. Only async-signal-safe calls: this runs
/// between fork and exec.
static int place(int fd, int target) {
    if (fd < 0) {
        fd = open("/dev/null", O_RDWR);
        if (fd < 0) return -1;
    }
    if (fd == target) {
        int flags = fcntl(fd, F_GETFD);
        return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC);
    }
    return dup2(fd, target) < 0 ? -1 : 0;
}

static void close_from(unsigned int first, unsigned int last) {
    if (first <= last) syscall(SYS_close_range, first, last, 0);
}

pid_t pacer_spawn(const char *path, char *const argv[], char *const envp[],
                  int in_fd, int out_fd, int err_fd, int die_with_parent) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(report[0]);
        close(report[1]);
        errno = saved;
        return -1;
    }
    if (pid == 0) {
        if (die_with_parent) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent) _exit(127);
        }
        setpgid(0, 0);
        struct sigaction standard = { .sa_handler = SIG_DFL };
        sigemptyset(&standard.sa_mask);
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) sigaction(number, &standard, NULL);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        int fds[3] = { in_fd, out_fd, err_fd };
        // A source that sits on 0-2 could be overwritten while the others are placed: move it up first.
        for (int target = 0; target < 3; target++) {
            if (fds[target] >= 0 && fds[target] < 3 && fds[target] != target) {
                int moved = fcntl(fds[target], F_DUPFD_CLOEXEC, 3);
                if (moved < 0) goto failed;
                fds[target] = moved;
            }
        }
        for (int target = 0; target < 3; target++) {
            if (place(fds[target], target) != 0) goto failed;
        }
        close_from(3, (unsigned int)report[1] - 1);
        close_from((unsigned int)report[1] + 1, ~0U);
        execve(path, argv, envp);
    failed:;
        int code = errno;
        ssize_t ignored = write(report[1], &code, sizeof code);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    int code = 0;
    ssize_t got;
    do {
        got = read(report[0], &code, sizeof code);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof code) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        errno = code;
        return -1;
    }
    return pid;
}

int pacer_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

void pacer_use_one_malloc_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}

int pacer_signalfd(const sigset_t *signals) {
    return signalfd(-1, signals, SFD_NONBLOCK | SFD_CLOEXEC);
}
