// Protocol 2 (harness/PROTOCOL.md) and the strictness of both versions, with real adapter
// processes: a protocol-1 adapter still certifies; a protocol-2 adapter's capabilities keep the
// harness from sending what they leave out, and reports quote the declaration; every malformed
// hello is a handshake error naming its field; malformed cast answers are named; reproduce and
// the most elements a request carries.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "harness/adapter_client.hpp"
#include "harness/live_source.hpp"
#include "harness/run_summary.hpp"
#include "harness/runner.hpp"
#include "harness/vector_source.hpp"
#include "oracle/cast.hpp"
#include "oracle/json_exact.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::protocol_test {
namespace {

namespace fs = std::filesystem;

// Set by CMake: the cvc binary, the source folder (vectors, fixtures), a Python.
const std::string kCvc = CVC_BINARY;
const std::string kSource = CVC_SOURCE_DIR;
const std::string kPython = CVC_TEST_PYTHON;
constexpr std::chrono::milliseconds kTimeout{20000};

// A file name of this test process in the temporary folder, removed first.
std::string temporary(const std::string& name) {
  const fs::path path =
      fs::temp_directory_path() / ("cvc-protocol-" + std::to_string(::getpid()) + "-" + name);
  fs::remove(path);
  return path.string();
}

// A shell word holding `text` exactly (adapter commands run through /bin/sh -c).
std::string shell_word(const std::string& text) {
  std::string word = "'";
  for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

// The misbehaving adapter (tests/fixtures) in front of `cvc adapter ARGS`.
std::string misbehaving(const std::string& mode, const std::vector<std::string>& extra,
                        const std::string& adapter_args = "") {
  // Appended piece by piece: GCC 12 warns falsely about `"literal" + std::string` here.
  std::string command = kPython;
  command.append(" ").append(kSource).append("/tests/fixtures/misbehaving_adapter.py --mode ");
  command.append(mode).append(" --once-file ").append(shell_word(temporary("once-" + mode)));
  for (const std::string& argument : extra) command.append(" ").append(shell_word(argument));
  return command.append(" -- ").append(kCvc).append(" adapter").append(adapter_args);
}

// Every outcome that was not a pass, kept whole.
class KeptOutcomes : public ReportSink {
 public:
  void begin(const RunInfo&) override {}
  void record(const CaseOutcome& outcome) override {
    if (outcome.verdict != Verdict::Pass) kept.push_back(outcome);
  }
  void incident(const AdapterIncident&) override {}
  void end(const RunEnd&) override {}
  std::vector<CaseOutcome> kept;
};

struct Run {
  RunEnd end;
  RunSummary summary;
  KeptOutcomes outcomes;
  std::uint64_t count(Verdict verdict) const { return summary.totals()[verdict]; }
};

std::unique_ptr<Run> run_source(CaseSource& source, const std::string& command) {
  RunnerOptions options;
  options.command = command;
  options.timeout = kTimeout;
  options.mode = "test";
  auto run = std::make_unique<Run>();
  run->end = run_cases(source, options, {&run->summary, &run->outcomes});
  return run;
}

// The cast vectors of int4: every rounding mode and out_of_range rule, in a few seconds.
std::unique_ptr<Run> run_slice(const std::string& command) {
  CaseFilter filter;
  filter.types = {"int4"};
  filter.families = {"cast"};
  VectorCaseSource source(kSource + "/vectors", filter);
  return run_source(source, command);
}

// The request lines of a --log-requests file, parsed.
std::vector<nlohmann::json> logged_requests(const std::string& path) {
  std::vector<nlohmann::json> requests;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) requests.push_back(parse_json_exact(line));
  return requests;
}

// The rounding mode a logged cast request names ("nearest-even" when absent).
std::string rounding_of(const nlohmann::json& request) {
  const nlohmann::json& configuration = request["codec"]["configuration"];
  return configuration.contains("rounding") ? configuration["rounding"].get<std::string>()
                                            : "nearest-even";
}

// --- Version 1 and version 2 side by side ------------------------------------------------------

TEST(Protocol, TheHarnessOffersVersionTwoInAHelloThatVersionOneReads) {
  const std::string log = temporary("hello-log");
  AdapterClient client(kCvc + " adapter --protocol 1 --log-requests " + log, kTimeout);
  AdapterIncident incident;
  const std::optional<Handshake> handshake = client.connect(incident);
  ASSERT_TRUE(handshake) << incident.detail;
  EXPECT_EQ(handshake->protocol, 1);
  EXPECT_FALSE(client.reproduce(nlohmann::json::object()));  // not declared in protocol 1
  client.close();
  const std::vector<nlohmann::json> requests = logged_requests(log);
  ASSERT_FALSE(requests.empty());
  EXPECT_EQ(dump_json_exact(requests.front()), R"({"cmd":"hello","max_protocol":2,"protocol":1})");
}

TEST(Protocol, AVersionOneAdapterCertifiesCleanly) {
  const auto run = run_slice(kCvc + " adapter --protocol 1");
  EXPECT_FALSE(run->end.aborted) << run->end.abort_reason;
  EXPECT_GT(run->count(Verdict::Pass), 1000u);
  EXPECT_EQ(run->count(Verdict::Unsupported), 0u);
  EXPECT_EQ(run->summary.incident_count(), 0u);
  EXPECT_EQ(exit_code(run->summary), 0);
}

TEST(Protocol, WhatTheCapabilitiesLeaveOutIsNeverSentAndTheReportQuotesThem) {
  const std::string log = temporary("nearest-even-log");
  const auto run = run_slice(kCvc + " adapter --only-rounding nearest-even --log-requests " + log);
  EXPECT_FALSE(run->end.aborted) << run->end.abort_reason;
  EXPECT_GT(run->count(Verdict::Pass), 100u);
  EXPECT_EQ(run->count(Verdict::Fail), 0u);
  EXPECT_EQ(run->count(Verdict::AdapterError), 0u);
  EXPECT_EQ(exit_code(run->summary), 0);
  // The other four modes: unsupported, each quoting the hello's declaration.
  ASSERT_GT(run->count(Verdict::Unsupported), 100u);
  std::set<std::string> left_out;
  for (const CaseOutcome& outcome : run->outcomes.kept) {
    ASSERT_EQ(outcome.verdict, Verdict::Unsupported) << outcome.got;
    const std::string quoted = "unsupported by the adapter (hello: capabilities." +
                               outcome.operation + ".rounding = [\"nearest-even\"] (no \"";
    ASSERT_TRUE(outcome.got.starts_with(quoted)) << outcome.got;
    left_out.insert(outcome.got.substr(quoted.size()));
  }
  EXPECT_EQ(left_out.size(), 4u)
      << "towards-zero, towards-positive, towards-negative, nearest-away";
  // The adapter's log: casts were sent, none with another mode.
  std::size_t casts = 0;
  for (const nlohmann::json& request : logged_requests(log)) {
    if (request["cmd"] != "cast") continue;
    ++casts;
    EXPECT_EQ(rounding_of(request), "nearest-even") << dump_json_exact(request);
  }
  EXPECT_GT(casts, 0u);
}

TEST(Protocol, WithoutCapabilitiesEveryRequestIsSentAndAnsweredUnsupported) {
  // The same adapter speaking protocol 1 cannot declare: the harness sends every mode (so the log
  // check above can fail) and the adapter answers unsupported itself.
  const std::string log = temporary("version-one-log");
  const auto run = run_slice(kCvc + " adapter --protocol 1 --only-rounding nearest-even " +
                             "--log-requests " + log);
  EXPECT_EQ(exit_code(run->summary), 0);
  std::set<std::string> sent;
  for (const nlohmann::json& request : logged_requests(log))
    if (request["cmd"] == "cast") sent.insert(rounding_of(request));
  EXPECT_EQ(sent.size(), 5u);
  ASSERT_FALSE(run->outcomes.kept.empty());
  EXPECT_EQ(run->outcomes.kept.front().got.rfind("unsupported: rounding ", 0), 0u)
      << run->outcomes.kept.front().got;
}

TEST(Protocol, NoScalarMapLeavesOutEveryScalarMap) {
  // Live mode: every configuration of each int4 pair, then one scalar_map per pair.
  LiveOptions live;
  live.exhaustive = false;
  live.count = 5;
  live.seed = 7;
  CaseFilter filter;
  filter.types = {"int4"};
  LiveCaseSource source(live, filter);
  const std::string log = temporary("no-scalar-map-log");
  const auto run = run_source(source, kCvc + " adapter --no-scalar-map --log-requests " + log);
  EXPECT_EQ(exit_code(run->summary), 0);
  ASSERT_GT(run->count(Verdict::Unsupported), 0u);
  for (const CaseOutcome& outcome : run->outcomes.kept)
    EXPECT_EQ(outcome.got, "unsupported by the adapter (hello: capabilities." + outcome.operation +
                               ".scalar_map = false)");
  for (const nlohmann::json& request : logged_requests(log)) {
    if (request["cmd"] == "cast") {
      EXPECT_FALSE(request["codec"]["configuration"].contains("scalar_map"))
          << dump_json_exact(request);
    }
  }
}

// --- undeclared: the quoted declaration --------------------------------------------------------

TEST(Capabilities, UndeclaredQuotesTheDeclarationThatExcludesACast) {
  Handshake handshake;
  handshake.protocol = 2;
  handshake.capabilities = parse_capabilities(parse_json_exact(
      R"({"encode": {"rounding": ["nearest-even", "towards-zero"], "out_of_range": ["clamp"]},
          "decode": {"scalar_map": false},
          "missing_pairs": [{"direction": "encode", "input": "float64", "output": "int2"}]})"));
  CastRule rule{
      &data_type("float64"), &data_type("int2"), Rounding::NearestEven, OutOfRange::Clamp, {}};
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule),
            "capabilities.missing_pairs has encode float64 -> int2");
  EXPECT_EQ(undeclared(handshake, Direction::Decode, rule), std::nullopt);
  rule.output = &data_type("int8");
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule), std::nullopt);
  rule.rounding = Rounding::TowardsPositive;
  EXPECT_EQ(
      undeclared(handshake, Direction::Encode, rule),
      R"(capabilities.encode.rounding = ["nearest-even", "towards-zero"] (no "towards-positive"))");
  rule.rounding = Rounding::TowardsZero;
  rule.out_of_range = OutOfRange::None;
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule),
            R"(capabilities.encode.out_of_range = ["clamp"] (no "absent"))");
  rule.scalar_map = {{0, 0}};
  EXPECT_EQ(undeclared(handshake, Direction::Decode, rule),
            "capabilities.decode.scalar_map = false");
  EXPECT_EQ(undeclared(Handshake{}, Direction::Decode, rule), std::nullopt);
}

// --- Malformed hellos: a handshake error naming the field --------------------------------------

struct BadHello {
  std::string name;
  std::vector<std::string> sets;  // --set PATH=JSON of the misbehaving adapter
  std::string named;              // what the handshake error must say
  std::string adapter_args;       // of the cvc adapter behind it
};

class MalformedHello : public testing::TestWithParam<BadHello> {};

TEST_P(MalformedHello, IsAHandshakeErrorNamingTheField) {
  std::vector<std::string> extra;
  for (const std::string& assignment : GetParam().sets) {
    extra.push_back("--set");
    extra.push_back(assignment);
  }
  AdapterClient client(misbehaving("hello_patch", extra, GetParam().adapter_args), kTimeout);
  AdapterIncident incident;
  EXPECT_FALSE(client.connect(incident));
  EXPECT_EQ(incident.kind, "handshake");
  EXPECT_NE(incident.detail.find(GetParam().named), std::string::npos) << incident.detail;
  client.close();
}

INSTANTIATE_TEST_SUITE_P(
    EveryField, MalformedHello,
    testing::Values(
        BadHello{"UnknownKeyInADirection",
                 {R"(capabilities.encode.roundings=["nearest-even"])"},
                 "capabilities.encode.roundings is an unknown key",
                 ""},
        BadHello{"UnknownRoundingName",
                 {R"(capabilities.decode.rounding=["nearest-even", "nearest-odd"])"},
                 R"(capabilities.decode.rounding[1] is "nearest-odd", not one of)",
                 ""},
        BadHello{"UnknownOutOfRangeName",
                 {R"(capabilities.encode.out_of_range=["saturate"])"},
                 R"(capabilities.encode.out_of_range[0] is "saturate")",
                 ""},
        BadHello{"ScalarMapNotABoolean",
                 {R"(capabilities.encode.scalar_map="no")"},
                 "capabilities.encode.scalar_map is not true or false",
                 ""},
        BadHello{"UnknownTypeInMissingPairs",
                 {R"(capabilities.missing_pairs=[{"direction": "encode", "input": "int99",
                                                   "output": "int8"}])"},
                 R"(capabilities.missing_pairs[0].input is "int99", not one of the 26 types)",
                 ""},
        BadHello{"UnknownDirectionInMissingPairs",
                 {R"(capabilities.missing_pairs=[{"direction": "both", "input": "int8",
                                                   "output": "int4"}])"},
                 "capabilities.missing_pairs[0].direction is \"both\"",
                 ""},
        BadHello{"UnknownKeyInCapabilities",
                 {R"(capabilities.rounding=["nearest-even"])"},
                 "capabilities.rounding is an unknown key",
                 ""},
        BadHello{"CapabilitiesInProtocolOne",
                 {"capabilities={}"},
                 "capabilities is a protocol 2 key, but the answer says protocol 1",
                 " --protocol 1"},
        BadHello{"ProtocolThree", {"protocol=3"}, "protocol is 3", ""},
        BadHello{"ReproduceInProtocolOne",
                 {R"(operations=["encode", "reproduce"])"},
                 R"(reproduce is protocol 2's): "reproduce")",
                 " --protocol 1"},
        BadHello{
            "UnknownTopLevelKey", {"extra=1"}, "extra is an unknown key of the hello answer", ""},
        BadHello{"UnknownImplementationKey",
                 {R"(implementation.vendor="x")"},
                 "implementation.vendor is an unknown key",
                 ""},
        BadHello{"ImplementationVersionMissing",
                 {"implementation.version=DELETE"},
                 "no implementation.version in the hello answer",
                 ""}),
    [](const testing::TestParamInfo<BadHello>& param_info) { return param_info.param.name; });

TEST(Protocol, AHelloNotFlushedHintsAtStdout) {
  // The answer is written without its newline, as a buffered stdout would hold it back.
  AdapterClient client("read line; printf '%s' '{\"protocol\":1}'; exec sleep 60",
                       std::chrono::milliseconds(1000));
  AdapterIncident incident;
  EXPECT_FALSE(client.connect(incident));
  EXPECT_EQ(incident.kind, "handshake");
  EXPECT_NE(incident.detail.find("did the adapter flush its stdout"), std::string::npos)
      << incident.detail;
  client.close();
}

// --- Malformed cast answers: named -------------------------------------------------------------

class MalformedCastAnswer : public testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(MalformedCastAnswer, IsAnIncidentNamingTheProblem) {
  const auto& [mode, named] = GetParam();
  const auto run = run_slice(misbehaving(mode, {"--after", "2"}));
  EXPECT_FALSE(run->end.aborted) << run->end.abort_reason;
  ASSERT_EQ(run->summary.incident_count(), 2u) << "the answer, and the restart";
  const AdapterIncident& incident = run->summary.incidents().front();
  EXPECT_EQ(incident.kind, "malformed");
  EXPECT_NE(incident.detail.find(named), std::string::npos) << incident.detail;
  EXPECT_GT(run->count(Verdict::AdapterError), 0u);
  EXPECT_GT(run->count(Verdict::Pass), 1000u);  // the run went on
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, MalformedCastAnswer,
    testing::Values(
        std::pair<std::string, std::string>{"uppercase_hex",
                                            "elements must be lowercase hex, but has the "
                                            "uppercase digit"},
        std::pair<std::string, std::string>{"unknown_key",
                                            "\"debug\" is an unknown key in a cast "
                                            "answer"},
        std::pair<std::string, std::string>{"forbidden_key",
                                            "\"message\" is not allowed in a cast answer of "
                                            "status \"ok\""}),
    [](const testing::TestParamInfo<std::pair<std::string, std::string>>& param_info) {
      return param_info.param.first;
    });

// --- reproduce, and the largest request --------------------------------------------------------

CastRequest int8_request(std::size_t count) {
  CastRequest request;
  request.direction = Direction::Encode;
  request.array_type = &data_type("float32");
  request.input = &data_type("float32");
  request.output = &data_type("int8");
  request.fill_value = 0;
  request.codec = {{"name", "cast_value"},
                   {"configuration", {{"data_type", "int8"}, {"out_of_range", "clamp"}}}};
  for (std::size_t i = 0; i < count; ++i)  // 1.0 and on, by 2^-11 (up to 3.5 at most)
    request.elements.push_back(0x3f800000u + static_cast<std::uint64_t>(i) * 0x1000u);
  return request;
}

TEST(Protocol, AVersionTwoAdapterReproducesARequestWithASelfContainedProgram) {
  AdapterClient client(kCvc + " adapter", kTimeout);
  AdapterIncident incident;
  const std::optional<Handshake> handshake = client.connect(incident);
  ASSERT_TRUE(handshake) << incident.detail;
  EXPECT_EQ(handshake->protocol, 2);
  ASSERT_TRUE(handshake->operations.count("reproduce"));
  const std::optional<Reproducer> reproducer = client.reproduce(cast_message(int8_request(3), 41));
  ASSERT_TRUE(reproducer);
  EXPECT_EQ(reproducer->language, "sh");
  EXPECT_TRUE(client.connected());
  // The program, run on its own, casts the same three elements.
  const std::string script = temporary("reproducer.sh");
  std::ofstream(script) << reproducer->code;
  FILE* pipe = ::popen(("CVC=" + kCvc + " sh " + script).c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  for (char buffer[4096]; std::fgets(buffer, sizeof buffer, pipe) != nullptr;) output += buffer;
  EXPECT_EQ(::pclose(pipe), 0);
  const nlohmann::json answer = parse_json_exact(output);
  EXPECT_EQ(answer["status"], "ok") << output;
  EXPECT_EQ(answer["elements"], "010101") << output;  // 1.0 and just above, to int8
  // A request it has no reproducer for: unsupported, so nullopt, and the adapter goes on.
  EXPECT_FALSE(client.reproduce({{"cmd", "bye"}}));
  EXPECT_TRUE(client.connected());
  client.close();
}

TEST(Protocol, NoRequestCarriesMoreThanTheLargestCount) {
  const std::string log = temporary("count-log");
  AdapterClient client(kCvc + " adapter --log-requests " + log, kTimeout);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  const CastRequest request = int8_request(kMaxRequestElements + 904);
  const AdapterAnswer answer = client.cast(request);
  client.close();
  ASSERT_EQ(answer.status, AdapterAnswer::Status::Ok) << answer.message;
  ASSERT_EQ(answer.outputs.size(), request.elements.size());
  const CastRule rule{request.input, request.output, Rounding::NearestEven, OutOfRange::Clamp, {}};
  for (std::size_t i = 0; i < request.elements.size(); i += 97)
    EXPECT_EQ(answer.outputs[i], cast_value(rule, request.elements[i]).bits) << i;
  std::vector<std::size_t> counts;
  for (const nlohmann::json& line : logged_requests(log))
    if (line["cmd"] == "cast") counts.push_back(std::stoull(*json_number_text(line["count"])));
  EXPECT_EQ(counts, (std::vector<std::size_t>{kMaxRequestElements, 904}));
}

}  // namespace
}  // namespace cvc::protocol_test
