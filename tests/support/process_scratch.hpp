// A folder for the whole test process, under the system's temporary folder, for files that helpers
// hand to adapters across tests (the misbehaving adapters' once-files); removed with what it holds
// when the process ends, so that a test run leaves nothing in the temporary folder.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace cvc {

// `prefix` names the folder ("cvc-protocol" makes /tmp/cvc-protocol-PID); the first call's prefix
// is the process's.
inline const std::filesystem::path& process_scratch_folder(const std::string& prefix) {
  struct Folder {
    std::filesystem::path path;
    explicit Folder(const std::string& name)
        : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
      std::filesystem::create_directories(path);
    }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Folder folder(prefix);
  return folder.path;
}

}  // namespace cvc
