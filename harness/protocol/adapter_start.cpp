#include "harness/protocol/adapter_start.hpp"

#include "harness/text/text_escape.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

// Outside text (the command, what the adapter wrote) on one line, bounded, with no control
// character left to reach the terminal.
std::string one_line(std::string_view text) {
  std::string joined;
  for (char c : bounded_quote(text)) joined += c == '\n' ? ' ' : c;
  while (!joined.empty() && joined.back() == ' ') joined.pop_back();
  return sanitize_text(joined, false);
}

std::string cannot_start_message(const std::string& command, const AdapterIncident& incident) {
  return "cannot start the implementation \"" + one_line(command) +
         "\": " + one_line(cannot_start_reason(incident)) +
         (incident.stderr_tail.empty() ? std::string(" (it wrote nothing on stderr)")
                                       : " (its stderr: " + one_line(incident.stderr_tail) + ")");
}

}  // namespace

std::string cannot_start_reason(const AdapterIncident& incident) {
  const std::string& detail = incident.detail;
  // The process could not be made (fork, pipes): AdapterProcess::start's own words.
  if (incident.request == "start") return detail;
  // /bin/sh's codes for a command it cannot run.
  if (detail.find("(exit status 127)") != std::string::npos)
    return "command not found (exit status 127)";
  if (detail.find("(exit status 126)") != std::string::npos)
    return "not executable (exit status 126)";
  if (detail.starts_with("the adapter exited") || detail.starts_with("the adapter's stdin"))
    return "it exited before its hello answer: " + detail;
  // "not JSON (why): LINE": what it wrote comes first, cut short, so the parser's words fit.
  if (const std::size_t end = detail.find("): ");
      detail.starts_with("not JSON (") && end != std::string::npos)
    return "its hello answer is not JSON: it wrote \"" + bounded_quote(detail.substr(end + 3), 60) +
           "\" (" + detail.substr(10, end - 10) + ")";
  if (detail.starts_with("no answer within"))
    return "no hello answer within the timeout (--timeout): " + detail;
  return "its hello answer is not the adapter protocol (harness/protocol/PROTOCOL.md): " + detail;
}

CannotStartError::CannotStartError(const std::string& command, const AdapterIncident& incident)
    : std::runtime_error(cannot_start_message(command, incident)) {}

std::optional<Handshake> start_adapter(AdapterClient& client, const std::string& command,
                                       AdapterIncident& incident) {
  std::optional<Handshake> handshake = client.connect(incident);
  if (!handshake && incident.kind != "interrupted") throw CannotStartError(command, incident);
  return handshake;
}

}  // namespace cvc
