// cvc generate: write the published vectors, byte for byte the same on every run.
#include <atomic>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/commands.hpp"
#include "generators/vector_set.hpp"
#include "harness/text/progress_report.hpp"
#include "oracle/io/output_file.hpp"
#include "vector_format/manifest.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kGenerateHelp =
    R"(usage: cvc generate --out DIR [--only PATH_PREFIX] [--jobs N] [--quiet]

Writes every vector file (vectors/README.md) and DIR/manifest.json with each file's SHA-256.
The output is identical on every run and machine: the committed vectors/ folder is exactly what
`cvc generate --out vectors` writes.

  --out DIR            the folder to write (created if missing; files in it are overwritten)
  --only PATH_PREFIX   write only files whose path starts with this (e.g. cast/float16); the
                       manifest is then not written
  --jobs N             parallel workers (default: the number of cores)
  --quiet              no progress on stderr
)";

}  // namespace

int run_generate(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kGenerateHelp;
    return kExitOk;
  }
  const std::filesystem::path out = arguments.required_option("out");
  const std::optional<std::string> only = arguments.option("only");
  const std::optional<std::string> jobs_text = arguments.option("jobs");
  const bool quiet = arguments.flag("quiet");
  if (!arguments.finish().empty()) throw UsageError("cvc generate: takes no positional arguments");
  prepare_output_directory(out);  // before minutes of work, not after
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  if (jobs_text) {
    try {
      jobs = static_cast<unsigned>(std::stoul(*jobs_text));
    } catch (const std::exception&) {
      jobs = 0;
    }
    if (jobs == 0) throw UsageError("cvc generate: --jobs takes a positive number");
  }

  std::vector<VectorFileSpec> specs;
  for (VectorFileSpec& spec : vector_set())
    if (!only || spec.path.starts_with(*only)) specs.push_back(std::move(spec));
  if (specs.empty()) throw UsageError("cvc generate: no vector file matches --only " + *only);

  std::vector<std::string> texts(specs.size());
  std::atomic<std::size_t> next{0};
  std::mutex progress;
  ProgressReport report("generate: files", quiet);
  report.hide_time_left();  // the large cast files come first
  std::size_t done = 0;
  std::exception_ptr failure;
  const auto worker = [&] {
    for (std::size_t i; (i = next++) < specs.size();) {
      try {
        texts[i] = specs[i].produce();
      } catch (...) {
        std::lock_guard lock(progress);
        if (!failure) failure = std::current_exception();
        return;
      }
      std::lock_guard lock(progress);
      ++done;
      report.update(done, specs.size(), specs[i].path);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < std::min<std::size_t>(jobs, specs.size()); ++j)
    threads.emplace_back(worker);
  for (std::thread& thread : threads) thread.join();
  report.finish();
  if (failure) std::rethrow_exception(failure);

  std::vector<std::pair<std::string, std::string>> written;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const std::filesystem::path path = out / specs[i].path;
    prepare_output_directory(path.parent_path());
    write_output_file(path, texts[i]);  // never a half-written vector file
    written.emplace_back(specs[i].path, std::move(texts[i]));
  }
  if (!only) {
    write_output_file(out / "manifest.json", manifest_text(written));
  }
  std::uint64_t bytes = 0;
  for (const auto& [path, text] : written) bytes += text.size();
  std::cout << "wrote " << written.size() << " files, " << bytes << " bytes, to " << out.string()
            << "\n";
  return kExitOk;
}

}  // namespace cvc::cli
