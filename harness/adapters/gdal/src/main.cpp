// The GDAL adapter (harness/adapters/gdal/README.md): answers the protocol's requests, one JSON
// line each, by GDAL master's own cast_value and scale_offset codec code, compiled at set-up with
// a GDAL-free stand-in of the few GDAL core types it uses (../standin/).
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "answer_text.hpp"
#include "requests.hpp"

namespace {
const char* const kHelp =
    "usage: cvc-gdal-adapter [--probe | --help]\n"
    "Speaks the adapter protocol (harness/protocol/PROTOCOL.md) on stdin/stdout with GDAL\n"
    "master's cast_value and scale_offset codecs. --probe prints, for each protocol type the\n"
    "hello leaves out, GDAL's cast_value refusing it (one JSON line each).\n";

std::string answer(const std::string& line, bool& done) {
  CPLJSONDocument document;
  if (!document.LoadMemory(line))
    return cvc_gdal::status_answer("null", "error", "request is not JSON: " + document.GetError());
  const CPLJSONObject request = document.GetRoot();
  const std::string cmd = request["cmd"].ToString();
  if (cmd == "hello") return cvc_gdal::hello_answer(request);
  if (cmd == "cast" || cmd == "chain") return cvc_gdal::cast_answer(request, cmd == "chain");
  if (cmd == "validate") return cvc_gdal::validate_answer(request);
  if (cmd == "bye") {
    done = true;
    return std::string();
  }
  return cvc_gdal::status_answer(request["id"].Format(CPLJSONObject::PrettyFormat::Plain),
                                 "unsupported", "no operation \"" + cmd + "\"");
}
}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--help") == 0) {
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "--probe") == 0) {
    cvc_gdal::print_probe();
    return 0;
  }
  if (argc > 1) {
    std::fprintf(stderr, "cvc-gdal-adapter: unknown argument %s\n%s", argv[1], kHelp);
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  bool done = false;
  while (!done && std::getline(std::cin, line)) {
    if (line.empty()) continue;
    const std::string text = answer(line, done);
    if (done) break;
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
  return 0;
}
