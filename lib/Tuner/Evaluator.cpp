//===- Evaluator.cpp - Measuring candidates in a forked child -------------===//
//
// Part of the MDH-MLIR project.
//
// Protocol: the child writes one line to a pipe, `ok <seconds> [<note>]`
// or `wrong <message>`, and leaves with _exit(0). Anything else (death by a
// signal, a non-zero exit code, no line) is a failure of its own kind; so is
// running past the timeout, after which the parent kills the child.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Evaluator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace mlir::mdh::tune;

llvm::StringRef mlir::mdh::tune::stringifyEvalStatus(EvalStatus status) {
  switch (status) {
  case EvalStatus::Ok:
    return "ok";
  case EvalStatus::CompileError:
    return "compile_error";
  case EvalStatus::Crash:
    return "crash";
  case EvalStatus::Timeout:
    return "timeout";
  case EvalStatus::WrongResult:
    return "wrong_result";
  case EvalStatus::ExitError:
    return "exit_error";
  case EvalStatus::Interrupted:
    return "interrupted";
  }
  return "unknown";
}

std::string mlir::mdh::tune::signalName(int signal) {
  if (const char *abbrev = sigabbrev_np(signal))
    return std::string("SIG") + abbrev;
  return "signal " + std::to_string(signal);
}

std::optional<double>
mlir::mdh::tune::timeMedian(llvm::function_ref<bool()> call, unsigned warmup,
                            unsigned reps) {
  using Clock = std::chrono::steady_clock;
  for (unsigned i = 0; i < warmup; ++i)
    if (!call())
      return std::nullopt;
  std::vector<double> times;
  for (unsigned i = 0; i < std::max(reps, 1u); ++i) {
    auto start = Clock::now();
    if (!call())
      return std::nullopt;
    times.push_back(
        std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2,
                   times.end());
  return times[times.size() / 2];
}

/// Writes all of `text` to `fd`.
static void writeAll(int fd, llvm::StringRef text) {
  while (!text.empty()) {
    ssize_t n = write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    text = text.drop_front(n);
  }
}

/// Parses the child's report line.
static EvalResult parseReport(llvm::StringRef report) {
  report = report.trim();
  auto [kind, rest] = report.split(' ');
  if (kind == "ok") {
    EvalResult r;
    auto [seconds, note] = rest.split(' ');
    r.reason = note.trim().str();
    if (!seconds.getAsDouble(r.seconds) && r.seconds >= 0)
      return r;
  } else if (kind == "wrong") {
    return EvalResult::failure(EvalStatus::WrongResult, rest.str());
  }
  return EvalResult::failure(EvalStatus::ExitError,
                             report.empty()
                                 ? "the child exited without a report"
                                 : ("malformed report '" + report + "'").str());
}

EvalResult mlir::mdh::tune::runInChild(llvm::function_ref<ChildOutcome()> body,
                                       const ChildOptions &options) {
  int fds[2];
  if (pipe(fds) != 0)
    return EvalResult::failure(EvalStatus::ExitError,
                               std::string("pipe: ") + strerror(errno));
  // Buffered output would be written twice, by the parent and the child.
  llvm::outs().flush();
  llvm::errs().flush();
  fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return EvalResult::failure(EvalStatus::ExitError,
                               std::string("fork: ") + strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    ChildOutcome outcome = body();
    std::string line = outcome.correct
                           ? llvm::formatv("ok {0:e17} {1}\n", outcome.seconds,
                                           outcome.message)
                                 .str()
                           : "wrong " + outcome.message + "\n";
    // One line: a message with newlines would end the report early.
    std::replace(line.begin(), line.end() - 1, '\n', ' ');
    writeAll(fds[1], line);
    close(fds[1]);
    // No destructors, atexit handlers or stdio flushes of the parent's
    // state.
    _exit(0);
  }
  close(fds[1]);

  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::duration<double>(
                                     std::max(options.timeoutSeconds, 0.001));
  std::string report;
  bool timedOut = false, interrupted = false;
  while (true) {
    if (options.interrupted && *options.interrupted) {
      interrupted = true;
      break;
    }
    double left =
        std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    pollfd pfd = {fds[0], POLLIN, 0};
    // Wake up at least every 100 ms to look at the interrupt flag.
    int ready = poll(&pfd, 1, std::min(100, int(left * 1000) + 1));
    if (ready < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (ready == 0)
      continue;
    char buffer[4096];
    ssize_t n = read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child closed the pipe or died.
    report.append(buffer, n);
  }
  close(fds[0]);
  if (timedOut || interrupted)
    kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (interrupted)
    return EvalResult::failure(EvalStatus::Interrupted, "interrupted");
  if (timedOut)
    return EvalResult::failure(
        EvalStatus::Timeout,
        llvm::formatv("ran longer than {0} s and was killed",
                      options.timeoutSeconds)
            .str());
  if (WIFSIGNALED(status))
    return EvalResult::failure(EvalStatus::Crash,
                               "killed by " + signalName(WTERMSIG(status)));
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return EvalResult::failure(
        EvalStatus::ExitError,
        llvm::formatv("exited with code {0}", WEXITSTATUS(status)).str());
  return parseReport(report);
}
