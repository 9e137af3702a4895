// The report outputs `cvc run` and `cvc merge-reports` share: the terminal report on stdout and
// the files of --report-dir, --json, --junit and --html, checked and opened (as temporary files)
// before the work starts so that an unwritable path stops it before it begins, and renamed into
// place only when written whole, so that a refusal or a crash never destroys an earlier report.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/arguments.hpp"
#include "harness/reports/report_output.hpp"
#include "harness/reports/report_terminal.hpp"

namespace cvc::cli {

// The --help lines of the options below.
inline constexpr std::string_view kReportOptionsHelp =
    R"(  --report-dir DIR        write report.json, report.xml (JUnit) and report.html into DIR
  --json PATH, --junit PATH, --html PATH   write one report form to PATH
  --failures N            failure groups printed with an example on the terminal (default 20)
  --findings DIR          the findings notes (docs/findings): the last screen names the component
                          at fault of each known bug behind the failures
  --published FILE        the published results table (results/README.md): the last screen says
                          whether the run reproduces its implementation's row
)";

struct ReportRequest {
  std::optional<std::string> report_dir;
  std::optional<std::string> json_path, junit_path, html_path;
  TerminalOptions terminal;
};

// Reads --report-dir, --json, --junit, --html, --failures, --findings and --published (the
// last two read here, so that a wrong path stops the command before its work).
ReportRequest read_report_arguments(Arguments& arguments);

// A report file, opened before the work starts.
struct ReportFile {
  std::filesystem::path path;
  void (*writer)(const RunSummary&, std::ostream&);
  std::unique_ptr<ReportOutput> output;
};

// Checks the report file `path` and opens its temporary file beside it (the path itself is
// written only when the report is finished), making its folder when absent; a UsageError naming
// `command` and the path when it cannot be written (a folder, a FIFO, a device, no such folder).
std::unique_ptr<ReportOutput> open_report_output(const std::string& path, std::string_view command);

// An output folder (--report-dir, --issue-drafts), made when absent; a UsageError naming
// `command`, the option and the path when it is a symbolic link (never followed), not a folder,
// or not writable.
void prepare_report_directory(const std::string& path, std::string_view option,
                              std::string_view command);

// Prepares --report-dir and opens every requested file, before the work starts; a UsageError
// naming the path when one cannot be written.
std::vector<ReportFile> open_report_files(const ReportRequest& request, std::string_view command);

// The terminal report on stdout, then each file ("wrote PATH" on stderr).
void write_reports(const RunSummary& summary, const ReportRequest& request,
                   std::vector<ReportFile>& files);

}  // namespace cvc::cli
