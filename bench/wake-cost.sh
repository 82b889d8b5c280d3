#!/usr/bin/env bash
# The CPU one timer wake-up costs on this machine: the floor under any program that wakes once a
# second, such as a countdown. A C program sleeps until N deadlines PERIOD apart
# (clock_nanosleep, TIMER_ABSTIME), and with "handoff" also wakes a second thread at each one
# (a condition variable, as a timer thread handing a frame to a drawing thread does). It prints its
# own CPU (getrusage) per wake-up, its start-up included and spread over the wake-ups.
#
#   bench/wake-cost.sh            (needs cc; installs gcc when missing)
set -euo pipefail
command -v cc >/dev/null || { apt-get update -qq >/dev/null 2>&1 || true; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/wake.c" <<'C'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t condition = PTHREAD_COND_INITIALIZER;
static int pending = 0, stopped = 0;
static void *drawer(void *unused) {
    pthread_mutex_lock(&mutex);
    while (!stopped) { while (!pending && !stopped) pthread_cond_wait(&condition, &mutex); pending = 0; }
    pthread_mutex_unlock(&mutex);
    return unused;
}
static void signal_drawer(int stop) {
    pthread_mutex_lock(&mutex); pending = 1; stopped = stop; pthread_cond_signal(&condition); pthread_mutex_unlock(&mutex);
}
int main(int argc, char **argv) {
    if (argc < 4) return 2;
    int handoff = atoi(argv[1]), count = atoi(argv[2]);
    long period = atol(argv[3]) * 1000000L;
    pthread_t thread;
    if (handoff) pthread_create(&thread, 0, drawer, 0);
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (int i = 0; i < count; i++) {
        next.tv_nsec += period;
        while (next.tv_nsec >= 1000000000) { next.tv_nsec -= 1000000000; next.tv_sec++; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, 0);
        if (handoff) signal_drawer(0);
    }
    if (handoff) { signal_drawer(1); pthread_join(thread, 0); }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    printf("%-10s %4d wake-ups %6ld ms apart: %6.1f us of CPU each\n", handoff ? "handoff" : "one thread", count, period / 1000000, cpu / count);
    return 0;
}
C
cc -O2 -pthread -o "$work/wake" "$work/wake.c"
for round in 1 2 3; do
    echo "round $round"
    "$work/wake" 0 200 50
    "$work/wake" 1 200 50
    "$work/wake" 0 20 500
    "$work/wake" 1 20 500
done
