#ifndef PACER_CREADLINE_SHIM_H
#define PACER_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

// Swift 6 cannot touch C globals directly; these accessors are the whole surface Pacer uses.

static inline void pacer_rl_disable_signals(void) {
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
}

/// Draws the prompt and the line being typed on `fd` (standard output by default).
static inline void pacer_rl_set_output(int fd) {
    int copy = dup(fd);
    FILE *stream = copy >= 0 ? fdopen(copy, "w") : NULL;
    if (stream) rl_outstream = stream;
}

static inline void pacer_rl_set_completion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
    rl_completion_append_character = ' ';
}

static inline void pacer_rl_no_filename_fallback(void) { rl_attempted_completion_over = 1; }

static inline void pacer_rl_set_name(const char *name) { rl_readline_name = name; }

/// Makes the inputrc readline reads as it initializes an empty one (`/dev/null`): readline reads
/// again the init file it read last, when there is one.
static inline void pacer_rl_read_no_init_file(void) { rl_read_init_file("/dev/null"); }

/// Tells readline whether the prompt is on the screen already, cursor after it, so that the next
/// line it starts does not print it a second time.
static inline void pacer_rl_set_already_prompted(int prompted) { rl_already_prompted = prompted; }

/// Binds every key sequence that clears the screen (Ctrl-L, and any the user's inputrc gave
/// `clear-screen`) to `function` instead.
static inline void pacer_rl_rebind_clear_screen(rl_command_func_t *function) {
    char **sequences = rl_invoking_keyseqs(rl_clear_screen);
    if (!sequences) return;
    for (char **sequence = sequences; *sequence; sequence++) {
        rl_bind_keyseq(*sequence, function);
        free(*sequence);
    }
    free(sequences);
}

/// The most recent history entry, or NULL when the history is empty.
static inline const char *pacer_last_history_line(void) {
    if (history_length == 0) return NULL;
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}

#endif
