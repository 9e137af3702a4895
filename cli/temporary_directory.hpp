// A temporary directory under $TMPDIR (or /tmp), removed with what it holds when it goes out of
// scope: the shard reports of `cvc run --jobs`, the scratch copies of `cvc check-store`.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace cvc::cli {

class TemporaryDirectory {
 public:
  // `prefix` starts the directory's name ("cvc-jobs" makes /tmp/cvc-jobs-XXXXXX).
  explicit TemporaryDirectory(const std::string& prefix) {
    const char* base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/" + prefix + "-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot make a temporary directory in " + pattern);
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace cvc::cli
