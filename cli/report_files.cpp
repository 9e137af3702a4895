#include "cli/report_files.hpp"

#include <iostream>

#include "harness/bug_models/bug_model.hpp"
#include "harness/reports/last_screen.hpp"
#include "harness/reports/report_html.hpp"
#include "harness/reports/report_json.hpp"
#include "harness/reports/report_junit.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/output_file.hpp"

namespace cvc::cli {
namespace {

ReportFile open_report_file(const std::string& path,
                            void (*writer)(const RunSummary&, std::ostream&),
                            std::string_view command) {
  return {path, writer, open_report_output(path, command)};
}

// --findings DIR: the component at fault each known-bug model's note (DIR/ID.md) names, and the
// implementations it names; a model without a note, or a note that names none, is left out.
void read_findings(const std::string& folder, LastScreenSources& sources) {
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error))
    throw UsageError("--findings " + folder + ": not a folder (the findings notes: docs/findings)");
  for (const BugModel& model : bug_models()) {
    const std::string note = folder + "/" + std::string(model.id) + ".md";
    if (!std::filesystem::exists(note, error)) continue;
    try {
      const std::string text = read_input_file(note);
      const std::string component = component_at_fault(text);
      if (component.empty()) continue;
      sources.at_fault.emplace(std::string(model.id), component);
      sources.implementations.emplace(std::string(model.id), implementations_named(text));
    } catch (const InputFileError& refused) {
      throw UsageError("--findings: " + std::string(refused.what()));
    }
  }
}

// --published FILE: the published results table (results/README.md).
void read_published(const std::string& path, LastScreenSources& sources) {
  try {
    sources.published = published_rows(read_input_file(path));
  } catch (const InputFileError& refused) {
    throw UsageError("--published: " + std::string(refused.what()));
  }
  if (sources.published.empty())
    throw UsageError("--published " + path + ": no row of a published results table in it");
  sources.published_table = path;
}

}  // namespace

std::unique_ptr<ReportOutput> open_report_output(const std::string& path,
                                                 std::string_view command) {
  const std::filesystem::path file(path);
  try {
    // A missing folder is made (never through a link); an existing one is check_output_path's.
    std::error_code ignored;
    if (file.has_parent_path() && !std::filesystem::exists(file.parent_path(), ignored))
      prepare_output_directory(file.parent_path());
    return std::make_unique<ReportOutput>(file);
  } catch (const std::exception& error) {
    throw UsageError(std::string(command) + ": cannot write the report " + path + ": " +
                     error.what());
  }
}

void prepare_report_directory(const std::string& path, std::string_view option,
                              std::string_view command) {
  try {
    prepare_output_directory(path);
  } catch (const OutputFileError& error) {
    throw UsageError(std::string(command) + ": " + std::string(option) + ": " + error.what());
  }
}

ReportRequest read_report_arguments(Arguments& arguments) {
  ReportRequest request;
  const std::optional<std::string> report_dir = arguments.option("report-dir");
  request.json_path = arguments.option("json");
  request.junit_path = arguments.option("junit");
  request.html_path = arguments.option("html");
  request.terminal.failures_shown = arguments.number_option("failures", 20, kFailuresShownRange);
  request.report_dir = report_dir;
  if (report_dir) {
    request.json_path = request.json_path.value_or(*report_dir + "/report.json");
    request.junit_path = request.junit_path.value_or(*report_dir + "/report.xml");
    request.html_path = request.html_path.value_or(*report_dir + "/report.html");
  }
  LastScreenSources& last_screen = request.terminal.last_screen;
  for (const auto* path : {&request.html_path, &request.json_path, &request.junit_path})
    if (*path) last_screen.report_paths.push_back(**path);
  if (const std::optional<std::string> findings = arguments.option("findings"))
    read_findings(*findings, last_screen);
  if (const std::optional<std::string> published = arguments.option("published"))
    read_published(*published, last_screen);
  return request;
}

std::vector<ReportFile> open_report_files(const ReportRequest& request, std::string_view command) {
  std::vector<ReportFile> files;
  if (request.report_dir) prepare_report_directory(*request.report_dir, "--report-dir", command);
  if (request.json_path)
    files.push_back(open_report_file(*request.json_path, &write_json_report, command));
  if (request.junit_path)
    files.push_back(open_report_file(*request.junit_path, &write_junit_report, command));
  if (request.html_path)
    files.push_back(open_report_file(*request.html_path, &write_html_report, command));
  return files;
}

void write_reports(const RunSummary& summary, const ReportRequest& request,
                   std::vector<ReportFile>& files) {
  write_terminal_report(summary, std::cout, request.terminal);
  for (ReportFile& file : files) {
    file.writer(summary, file.output->stream());
    file.output->finish();
    std::cerr << "wrote " << file.path.string() << "\n";
  }
}

}  // namespace cvc::cli
