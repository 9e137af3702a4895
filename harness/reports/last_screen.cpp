#include "harness/reports/last_screen.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "harness/reports/report_terminal.hpp"
#include "harness/reports/verdict_text.hpp"

namespace cvc {
namespace {

constexpr std::string_view kAtFault = "**Component at fault:**";
constexpr std::size_t kAtFaultChars = 160;

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// The bullet that starts at `start`: its first line and its continuation lines (indented, not a
// new bullet), joined by spaces.
std::string bullet_text(std::string_view note, std::size_t start) {
  std::string text;
  std::size_t at = start;
  while (at < note.size()) {
    const std::size_t end = std::min(note.find('\n', at), note.size());
    const std::string_view line = note.substr(at, end - at);
    if (at != start &&
        (trimmed(line).empty() || trimmed(line).starts_with("- ") || !line.starts_with("  ")))
      break;
    text += (text.empty() ? "" : " ") + std::string(trimmed(line));
    at = end + 1;
  }
  return text;
}

// The first clause: up to the first ";" or sentence end (". ") outside parentheses, so that a
// clause never ends inside "(zarr's CastValue, parse_scalar_map; ...)".
std::string first_clause(std::string text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    const bool ends =
        text[i] == ';' || (text[i] == '.' && i + 1 < text.size() && text[i + 1] == ' ');
    if (depth <= 0 && ends) {
      text.resize(i);
      break;
    }
  }
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string without_marks(std::string_view text) {
  std::string plain;
  for (char c : text)
    if (c != '*' && c != '`') plain.push_back(c);
  return plain;
}

std::vector<std::string_view> table_cells(std::string_view line) {
  std::vector<std::string_view> cells;
  line = trimmed(line);
  if (!line.starts_with('|') || !line.ends_with('|')) return cells;
  line = line.substr(1, line.size() - 2);
  for (std::size_t at = 0; at <= line.size();) {
    const std::size_t bar = std::min(line.find('|', at), line.size());
    cells.push_back(trimmed(line.substr(at, bar - at)));
    at = bar + 1;
  }
  return cells;
}

bool parse_count(std::string_view text, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

// "[zarr-python-3.4.2](zarr-python-3.4.2.md)" -> "zarr-python-3.4.2.md".
std::string link_target(std::string_view cell) {
  const std::size_t open = cell.find("](");
  if (open == std::string_view::npos || !cell.ends_with(')')) return std::string(cell);
  return std::string(cell.substr(open + 2, cell.size() - open - 3));
}

std::string implementation_name(std::string_view cell) {
  const std::size_t note = cell.find(" (");
  return std::string(cell.substr(0, note));
}

std::string padded(std::string text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

void write_causes(const RunSummary& summary, const LastScreenSources& sources, std::ostream& out) {
  const Diagnosis& diagnosis = summary.diagnosis();
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  std::size_t models = 0;
  for (const DiagnosisGroup& group : groups) models += group.model != nullptr ? 1 : 0;
  out << "  failures: " << grouped_count(diagnosis.failures()) << ", "
      << grouped_count(diagnosis.explained()) << " explained by " << models << " known bug"
      << (models == 1 ? "" : "s") << ", "
      << grouped_count(diagnosis.failures() - diagnosis.explained()) << " unexplained\n";
  // The counts right-aligned in one column, the widest being the failures' total.
  const std::size_t width = grouped_count(diagnosis.failures()).size();
  for (const DiagnosisGroup& group : groups) {
    if (group.model == nullptr) continue;
    out << "    " << padded(grouped_count(group.cases), width) << "  " << group.title() << " ["
        << group.model->id << "]";
    const auto fault = sources.at_fault.find(group.model->id);
    const auto seen = sources.implementations.find(group.model->id);
    if (fault != sources.at_fault.end() && seen != sources.implementations.end() &&
        names_implementation(seen->second, summary.info().implementation_name))
      out << "; at fault: " << one_line(fault->second);
    out << "\n";
  }
  const std::uint64_t unexplained = diagnosis.failures() - diagnosis.explained();
  if (unexplained > 0)
    out << "    " << padded(grouped_count(unexplained), width)
        << "  unexplained: no known bug reproduces them (the diagnosis above gives the simplest "
           "case of each kind, with its explain and replay commands)\n";
}

// Whether this run reproduces the published row of its implementation (same version, same
// vectors, the whole vector set): every count equal, or the counts that differ.
void write_published(const RunSummary& summary, const LastScreenSources& sources,
                     std::ostream& out) {
  const RunInfo& info = summary.info();
  const PublishedRow* same = nullptr;
  std::string others;  // every other row of the implementation (zarrs has a release and main)
  for (const PublishedRow& row : sources.published) {
    if (row.implementation != info.implementation_name) continue;
    if (row.version == info.implementation_version && row.vectors == info.vectors_version)
      same = &row;
    else
      others += (others.empty() ? "" : " and ") + row.implementation + " " + row.version +
                " on vectors " + row.vectors;
  }
  const std::string where =
      sources.published_table.empty() ? "the published table" : sources.published_table;
  if (same == nullptr) {
    if (!others.empty())
      out << "  published: " << one_line(where) << " has " << one_line(others)
          << ", not this version and vectors: not compared\n";
    return;
  }
  const std::string row = one_line(same->implementation + " " + same->version + " on vectors " +
                                   same->vectors + " (" + same->page + ")");
  if (info.selection != "all cases" || !summary.complete()) {
    out << "  published: the row of " << row << " counts every case; this run "
        << (summary.complete() ? "selected " + one_line(info.selection)
                               : std::string("did not end"))
        << ": not compared\n";
    return;
  }
  std::string differences;
  for (Verdict verdict : {Verdict::Pass, Verdict::Divergence, Verdict::Fail, Verdict::Unsupported,
                          Verdict::AdapterError}) {
    if (summary.totals()[verdict] == same->counts[verdict]) continue;
    differences += (differences.empty() ? "" : ", ") + verdict_label(verdict) + " " +
                   grouped_count(summary.totals()[verdict]) + " (published " +
                   grouped_count(same->counts[verdict]) + ")";
  }
  if (differences.empty())
    out << "  published: matches the published row of " << row << ", count for count\n";
  else
    out << "  published: DIFFERS from the published row of " << row << ": " << differences << "\n";
}

}  // namespace

std::string component_at_fault(std::string_view note) {
  const std::size_t at = note.find(kAtFault);
  if (at == std::string_view::npos) return "";
  std::string text = bullet_text(note, at);
  text = without_marks(first_clause(text.substr(kAtFault.size())));
  text = std::string(trimmed(text));
  if (text.size() > kAtFaultChars) text = text.substr(0, kAtFaultChars - 3) + "...";
  return text;
}

std::string implementations_named(std::string_view note) {
  // (A note about one implementation says "Implementation:".)
  for (const std::string_view marker : {"**Implementations:**", "**Implementation:**"}) {
    const std::size_t at = note.find(marker);
    if (at != std::string_view::npos)
      return std::string(trimmed(without_marks(bullet_text(note, at).substr(marker.size()))));
  }
  return "";
}

bool names_implementation(std::string_view text, std::string_view name) {
  const auto part_of_name = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  };
  if (name.empty()) return false;
  for (std::size_t at = text.find(name); at != std::string_view::npos;
       at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    if ((at == 0 || !part_of_name(text[at - 1])) &&
        (end == text.size() || !part_of_name(text[end])))
      return true;
  }
  return false;
}

std::vector<PublishedRow> published_rows(std::string_view markdown) {
  std::vector<PublishedRow> rows;
  for (std::size_t at = 0; at < markdown.size();) {
    const std::size_t end = std::min(markdown.find('\n', at), markdown.size());
    const std::vector<std::string_view> cells = table_cells(markdown.substr(at, end - at));
    at = end + 1;
    if (cells.size() != 10) continue;
    PublishedRow row{implementation_name(cells[0]),
                     std::string(cells[1]),
                     std::string(cells[2]),
                     {},
                     link_target(cells[9])};
    std::uint64_t cases = 0;
    std::uint64_t counts[5] = {};
    bool numbers = parse_count(cells[3], cases);
    for (std::size_t i = 0; i < 5; ++i) numbers = numbers && parse_count(cells[4 + i], counts[i]);
    if (!numbers) continue;
    const Verdict order[5] = {Verdict::Pass, Verdict::Divergence, Verdict::Fail,
                              Verdict::Unsupported, Verdict::AdapterError};
    for (std::size_t i = 0; i < 5; ++i) row.counts.add(order[i], counts[i]);
    rows.push_back(std::move(row));
  }
  return rows;
}

void write_last_screen(const RunSummary& summary, const LastScreenSources& sources,
                       std::ostream& out) {
  if (summary.totals().compared() == 0) return;
  const RunInfo& info = summary.info();
  out << "\nIn short: "
      << one_line(info.implementation_name +
                  (info.implementation_version.empty() ? "" : " " + info.implementation_version))
      << " against vectors " << one_line(info.vectors_version) << "\n"
      << "  compared: " << coverage_text(summary) << "\n";
  if (summary.diagnosis().failures() > 0) write_causes(summary, sources, out);
  write_published(summary, sources, out);
  if (!sources.report_paths.empty()) {
    std::string paths;
    for (const std::string& path : sources.report_paths)
      paths += (paths.empty() ? "" : ", ") + path;
    out << "  reports: " << one_line(paths) << "\n";
  }
}

}  // namespace cvc
