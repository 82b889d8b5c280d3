#ifndef PACER_CSPAWN_H
#define PACER_CSPAWN_H

#include <signal.h>
#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (both NULL-terminated) in a process group of its own, with
/// default signal dispositions and an empty signal mask, its standard input, output and error on
/// `in_fd`, `out_fd` and `err_fd` (-1: /dev/null) and no other descriptor open. With
/// `die_with_parent`, the kernel kills it when the calling thread ends (PR_SET_PDEATHSIG), so call
/// it from a thread that lives as long as the process. Returns the pid, or -1 with errno set, also
/// when the program could not be executed.
pid_t pacer_spawn(const char *path, char *const argv[], char *const envp[],
                  int in_fd, int out_fd, int err_fd, int die_with_parent);

/// pipe2(fds, O_CLOEXEC), which Swift cannot see in Glibc.
int pacer_pipe_cloexec(int fds[2]);

/// mallopt(M_ARENA_MAX, 1), which Swift cannot see in Glibc: every thread allocates from one
/// arena. Call before any thread starts.
void pacer_use_one_malloc_arena(void);

/// signalfd(-1, signals, SFD_NONBLOCK | SFD_CLOEXEC), which Swift cannot see in Glibc: a descriptor
/// that is readable while one of `signals`, blocked in the caller, is pending.
int pacer_signalfd(const sigset_t *signals);

#endif
