// Protocol 2 (harness/protocol/PROTOCOL.md) and the strictness of both versions, with real adapter
// processes: a protocol-1 adapter still certifies; a protocol-2 adapter's capabilities keep the
// harness from sending what they leave out, and reports quote the declaration; every malformed
// hello is a handshake error naming its field; malformed cast answers are named; reproduce and
// the most elements a request carries; base64 elements negotiated in the hello, and pipelined
// casts (in order, lost together with a crashed adapter, no deadlock on full pipes).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "harness/protocol/adapter_client.hpp"
#include "harness/protocol/element_packing.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/live_source.hpp"
#include "harness/sources/vector_source.hpp"
#include "harness/text/shell_quote.hpp"
#include "oracle/cast.hpp"
#include "oracle/io/json_exact.hpp"
#include "tests/support/process_scratch.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::protocol_test {
namespace {

namespace fs = std::filesystem;

// Set by CMake: the cvc binary, the source folder (vectors, fixtures), a Python.
const std::string kCvc = CVC_BINARY;
const std::string kSource = CVC_SOURCE_DIR;
const std::string kPython = CVC_TEST_PYTHON;
constexpr std::chrono::milliseconds kTimeout{20000};

// A file name of this test process in its scratch folder (removed when it ends), removed first.
std::string temporary(const std::string& name) {
  const fs::path path = process_scratch_folder("cvc-protocol") / name;
  fs::remove(path);
  return path.string();
}

// The misbehaving adapter (tests/fixtures) in front of `cvc adapter ARGS`.
std::string misbehaving(const std::string& mode, const std::vector<std::string>& extra,
                        const std::string& adapter_args = "") {
  // Appended piece by piece: GCC 12 warns falsely about `"literal" + std::string` here.
  std::string command = kPython;
  command.append(" ").append(kSource).append("/tests/fixtures/misbehaving_adapter.py --mode ");
  command.append(mode).append(" --once-file ").append(shell_quoted(temporary("once-" + mode)));
  for (const std::string& argument : extra) command.append(" ").append(shell_quoted(argument));
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
  EXPECT_EQ(dump_json_exact(requests.front()),
            R"({"cmd":"hello","encodings":["hex","base64"],"failed_forms":["indices","ranges"],)"
            R"("max_protocol":2,"protocol":1})");
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
    const std::string quoted = "the adapter does not declare the rounding mode ";
    const std::string declaration = " for " + outcome.operation + " (hello: capabilities." +
                                    outcome.operation + ".rounding = [\"nearest-even\"])";
    ASSERT_TRUE(outcome.got.starts_with(quoted)) << outcome.got;
    ASSERT_TRUE(outcome.got.ends_with(declaration)) << outcome.got;
    left_out.insert(
        outcome.got.substr(quoted.size(), outcome.got.size() - quoted.size() - declaration.size()));
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
  EXPECT_EQ(run->outcomes.kept.front().got.rfind("the adapter answered unsupported: rounding ", 0),
            0u)
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
    EXPECT_EQ(outcome.got, "the adapter does not declare scalar_map for " + outcome.operation +
                               " (hello: capabilities." + outcome.operation +
                               ".scalar_map = false)");
  for (const nlohmann::json& request : logged_requests(log)) {
    if (request["cmd"] == "cast") {
      EXPECT_FALSE(request["codec"]["configuration"].contains("scalar_map"))
          << dump_json_exact(request);
    }
  }
}

// --- missing_pairs: each pair once, the list bounded -------------------------------------------

std::string capabilities_refusal(const std::string& capabilities) {
  try {
    parse_capabilities(parse_json_exact(capabilities));
  } catch (const CapabilitiesError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(Capabilities, ARepeatedMissingPairIsRefusedNamingTheFirstRepeat) {
  const std::string pair = R"({"direction": "encode", "input": "float64", "output": "int2"})";
  const std::string other = R"({"direction": "decode", "input": "float64", "output": "int2"})";
  EXPECT_EQ(capabilities_refusal(R"({"missing_pairs": [)" + pair + "," + other + "," + pair + "]}"),
            "capabilities.missing_pairs[2] repeats capabilities.missing_pairs[0] (encode float64 "
            "-> int2)");
  EXPECT_EQ(capabilities_refusal(R"({"missing_pairs": [)" + pair + "," + other + "]}"), "accepted");
}

TEST(Capabilities, MoreMissingPairsThanThereArePairsAreRefusedBeforeAnyIsRead) {
  std::string pairs;
  for (int k = 0; k < 100000; ++k)
    pairs += std::string(k == 0 ? "" : ",") +
             R"({"direction": "encode", "input": "int8", "output": "int4"})";
  EXPECT_EQ(capabilities_refusal(R"({"missing_pairs": [)" + pairs + "]}"),
            "capabilities.missing_pairs has 100000 entries, more than the 1352 pairs there are "
            "(two directions, each pair of types once)");
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
            "the adapter does not declare the pair encode float64 -> int2 (hello: "
            "capabilities.missing_pairs)");
  EXPECT_EQ(undeclared(handshake, Direction::Decode, rule), std::nullopt);
  rule.output = &data_type("int8");
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule), std::nullopt);
  rule.rounding = Rounding::TowardsPositive;
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule),
            R"(the adapter does not declare the rounding mode towards-positive for encode )"
            R"((hello: capabilities.encode.rounding = ["nearest-even", "towards-zero"]))");
  rule.rounding = Rounding::TowardsZero;
  rule.out_of_range = OutOfRange::None;
  EXPECT_EQ(undeclared(handshake, Direction::Encode, rule),
            R"(the adapter does not declare the out_of_range rule absent for encode )"
            R"((hello: capabilities.encode.out_of_range = ["clamp"]))");
  rule.scalar_map = {{0, 0}};
  EXPECT_EQ(undeclared(handshake, Direction::Decode, rule),
            "the adapter does not declare scalar_map for decode (hello: "
            "capabilities.decode.scalar_map = false)");
  EXPECT_EQ(undeclared(Handshake{}, Direction::Decode, rule), std::nullopt);
}

TEST(Capabilities, UndeclaredChainQuotesTheDeclarationThatExcludesAChain) {
  Handshake handshake;
  handshake.protocol = 2;
  handshake.capabilities = parse_capabilities(parse_json_exact(
      R"({"chain": {"codecs": ["scale_offset", "cast_value"], "directions": ["decode"]}})"));
  const std::vector<std::string> quantization = {"scale_offset", "cast_value"};
  EXPECT_EQ(undeclared_chain(handshake, Direction::Decode, quantization), std::nullopt);
  EXPECT_EQ(undeclared_chain(handshake, Direction::Encode, quantization),
            R"(the adapter does not declare chains for encode )"
            R"((hello: capabilities.chain.directions = ["decode"]))");
  EXPECT_EQ(undeclared_chain(handshake, Direction::Decode, {"transpose", "cast_value"}),
            R"(the adapter does not declare the codec transpose in a chain )"
            R"((hello: capabilities.chain.codecs = ["scale_offset", "cast_value"]))");
  // No declaration: everything.
  EXPECT_EQ(undeclared_chain(Handshake{}, Direction::Encode, {"transpose"}), std::nullopt);
}

TEST(Capabilities, UndeclaredRequestNamesTheOperationThenTheFirstTypeInCheckStoresWords) {
  Handshake handshake;
  handshake.operations = {"encode", "decode"};
  handshake.data_types = {"int8", "float32"};
  const DataType* types[] = {&data_type("float32"), nullptr, &data_type("int2"),
                             &data_type("uint4")};
  EXPECT_EQ(undeclared_request(handshake, "validate", types),
            "the adapter does not declare the operation validate (hello: operations)");
  EXPECT_EQ(undeclared_request(handshake, "encode", types),
            "the adapter does not declare the data type int2 (hello: data_types)");
  EXPECT_EQ(undeclared_request(handshake, "decode", std::span(types, 2)), std::nullopt);
  EXPECT_EQ(undeclared_data_type(handshake, "int8"), std::nullopt);
  EXPECT_EQ(undeclared_data_type(handshake, "uint4"),
            "the adapter does not declare the data type uint4 (hello: data_types)");
  EXPECT_EQ(undeclared_operation(handshake, "encode"), std::nullopt);
  // The adapter's own answer, bounded: a megabyte message is cut.
  EXPECT_EQ(adapter_unsupported_reason("rounding nearest-away"),
            "the adapter answered unsupported: rounding nearest-away");
  EXPECT_LT(adapter_unsupported_reason(std::string(1 << 20, 'x')).size(), 300u);
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
        BadHello{"UnknownKeyInChainCapabilities",
                 {R"(capabilities.chain.codec=["scale_offset"])"},
                 "capabilities.chain.codec is an unknown key (capabilities.chain has only codecs, "
                 "directions)",
                 ""},
        BadHello{"UnknownChainCodec",
                 {R"(capabilities.chain.codecs=["scale_offset", "bitround"])"},
                 R"(capabilities.chain.codecs[1] is "bitround", not one of)",
                 ""},
        BadHello{"UnknownChainDirection",
                 {R"(capabilities.chain.directions=["both"])"},
                 R"(capabilities.chain.directions[0] is "both")",
                 ""},
        BadHello{"ChainInProtocolOne",
                 {R"(operations=["encode", "chain"])"},
                 R"(reproduce is protocol 2's): "chain")",
                 " --protocol 1"},
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

TEST(Protocol, TheHelloIsWaitedForWithTheStartTimeout) {
  // The hello comes at least 500 ms after the request, later than the 100 ms request timeout:
  // with a start timeout the handshake succeeds, without one it is a handshake incident.
  const std::string slow_start =
      "read line; sleep 0.5; echo '{\"protocol\":1,\"implementation\":{\"name\":\"slow\","
      "\"version\":\"1\",\"language\":\"sh\"},\"data_types\":[\"int8\"],"
      "\"operations\":[\"encode\"]}'; exec sleep 60";
  AdapterIncident incident;
  AdapterClient patient(slow_start, std::chrono::milliseconds(100), std::chrono::minutes(10));
  EXPECT_TRUE(patient.connect(incident)) << incident.detail;
  patient.close();
  AdapterClient hasty(slow_start, std::chrono::milliseconds(100));
  EXPECT_FALSE(hasty.connect(incident));
  EXPECT_EQ(incident.kind, "handshake");
  hasty.close();
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
        std::pair<std::string, std::string>{"ranges_touching",
                                            "ranges are not ascending, apart and not touching"},
        std::pair<std::string, std::string>{"ranges_as_indices",
                                            "failed is a list of indices, but the hello chose "
                                            "ranges"},
        std::pair<std::string, std::string>{"ranges_negative", "failed holds [-1,"},
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

// A long request (40 parts) to an adapter that answers each part as it reads it, each answer
// padded to 2 MiB (spaces after the JSON): 80 MiB of answers come back while the request is still
// being written. The client reads them as they come (at most kMaxPartsInFlight parts ahead), so
// the adapter never blocks on its stdout; it stopped reading past 64 MiB before, and the write
// timed out ("the adapter stopped reading its stdin": cvc replay of 30 M elements, issue 33).
TEST(Protocol, TheAnswersToALongRequestAreReadWhileItIsWritten) {
  const std::string proxy = temporary("padded-proxy.py");
  std::ofstream(proxy) << R"(import subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    child.stdin.write(line)
    child.stdin.flush()
    answer = child.stdout.readline().rstrip("\n")
    if '"cmd":"cast"' in line:
        answer += " " * (2 << 20)
    sys.stdout.write(answer + "\n")
    sys.stdout.flush()
)";
  AdapterClient client(kPython + " " + proxy + " " + kCvc + " adapter", std::chrono::seconds(10));
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  const CastRequest request = int8_request(40 * kMaxRequestElements);
  const AdapterAnswer answer = client.cast(request);
  client.close();
  ASSERT_EQ(answer.status, AdapterAnswer::Status::Ok)
      << (answer.incident ? answer.incident->detail : answer.message);
  ASSERT_EQ(answer.outputs.size(), request.elements.size());
  const CastRule rule{request.input, request.output, Rounding::NearestEven, OutOfRange::Clamp, {}};
  for (std::size_t i = 0; i < request.elements.size(); i += 997)
    EXPECT_EQ(answer.outputs[i], cast_value(rule, request.elements[i]).bits) << i;
}

// --- Element encodings -------------------------------------------------------------------------

TEST(ElementPacking, EveryTypeRoundTripsInHexAndBase64) {
  for (const DataType& type : all_data_types()) {
    // 0..4 elements: every length of base64 padding.
    for (std::size_t count = 0; count <= 4; ++count) {
      std::vector<std::uint64_t> patterns;
      for (std::size_t i = 0; i < count; ++i)
        patterns.push_back((0x9e3779b97f4a7c15u * (i + 1)) & type.bit_mask());
      for (const ElementEncoding encoding : {ElementEncoding::Hex, ElementEncoding::Base64}) {
        const std::string text = pack_elements(type, patterns, encoding);
        const UnpackedElements back = unpack_elements_checked(type, text, count, encoding);
        ASSERT_FALSE(back.problem) << type.name << " " << text << ": " << *back.problem;
        EXPECT_EQ(back.patterns, patterns) << type.name << " " << text;
      }
      const std::string hex = pack_elements(type, patterns, ElementEncoding::Hex);
      EXPECT_EQ(reencode_elements(hex, ElementEncoding::Hex, ElementEncoding::Base64),
                pack_elements(type, patterns, ElementEncoding::Base64));
    }
  }
  // RFC 4648's examples.
  const std::vector<std::uint64_t> foobar = {'f', 'o', 'o', 'b', 'a', 'r'};
  EXPECT_EQ(pack_elements(data_type("uint8"), foobar, ElementEncoding::Base64), "Zm9vYmFy");
  EXPECT_EQ(pack_elements(data_type("uint8"),
                          std::vector<std::uint64_t>(foobar.begin(), foobar.end() - 1),
                          ElementEncoding::Base64),
            "Zm9vYmE=");
  EXPECT_EQ(pack_elements(data_type("uint16"), std::vector<std::uint64_t>{0x6f66},
                          ElementEncoding::Base64),
            "Zm8=");
}

TEST(ElementPacking, MalformedElementsAreNamed) {
  struct Case {
    const char* type;
    const char* text;
    std::size_t count;
    ElementEncoding encoding;
    const char* problem;  // empty: none
  };
  const ElementEncoding hex = ElementEncoding::Hex, base64 = ElementEncoding::Base64;
  const Case cases[] = {
      {"int8", "0A", 1, hex,
       "elements must be lowercase hex, but has the uppercase digit \"A\" at offset 1"},
      {"int8", "0g", 1, hex, "elements is not hex: \"g\" at offset 1"},
      {"int16", "00ff", 1, hex, ""},
      {"int16", "00", 1, hex,
       "elements holds 1 bytes (2 hex characters), not the 2 of 1 int16 elements"},
      {"int4", "10", 1, hex,
       "elements holds a int4 element (index 0) with bits set above its 4 bits (they must be "
       "zero)"},
      {"int8", "AAA", 1, base64,
       "elements holds 3 base64 characters, not a multiple of 4 (padded base64, RFC 4648)"},
      {"int8", "A!A=", 2, base64, "elements is not base64: \"!\" at offset 1"},
      {"int8", "A=A=", 2, base64,
       "elements is not base64: \"=\" at offset 1 (padding only at the end)"},
      {"int8", "AB==", 1, base64,
       "elements is not canonical base64: the unused bits of its last digit are not zero"},
      {"int8", "AAAA", 2, base64,
       "elements holds 3 bytes (4 base64 characters), not the 2 of 2 int8 elements"},
      {"uint4", "/w==", 1, base64,
       "elements holds a uint4 element (index 0) with bits set above its 4 bits (they must be "
       "zero)"},
      {"float32", "AACAPw==", 1, base64, ""}};
  for (const Case& each : cases)
    EXPECT_EQ(unpack_elements_checked(data_type(each.type), each.text, each.count, each.encoding)
                  .problem.value_or(""),
              each.problem)
        << each.type << " " << each.text;
}

// --- The encoding negotiated in the hello ------------------------------------------------------

// The elements of one cast request (int8_request(3)) as `cvc adapter ARGS` received them,
// after checking the encoding its hello chose and its answer.
std::string elements_received(const std::string& args, ElementEncoding chosen) {
  const std::string log = temporary("encoding-log");
  AdapterClient client(kCvc + " adapter --log-requests " + log + args, kTimeout);
  AdapterIncident incident;
  const std::optional<Handshake> handshake = client.connect(incident);
  EXPECT_TRUE(handshake) << incident.detail;
  if (!handshake) return "";
  EXPECT_EQ(handshake->protocol, 2);
  EXPECT_EQ(handshake->encoding, chosen);
  const AdapterAnswer answer = client.cast(int8_request(3));
  client.close();
  EXPECT_EQ(answer.status, AdapterAnswer::Status::Ok) << answer.message;
  EXPECT_EQ(answer.outputs, (std::vector<std::uint64_t>{1, 1, 1}));
  const std::vector<nlohmann::json> requests = logged_requests(log);
  return requests.size() >= 2 ? requests[1]["elements"].get<std::string>() : "";  // hello, cast
}

TEST(Protocol, AVersionTwoAdapterChoosesBase64AndCertifiesCleanly) {
  // 1.0, 1 + 2^-11, 1 + 2^-10 as float32, in base64.
  EXPECT_EQ(elements_received("", ElementEncoding::Base64), "AACAPwAQgD8AIIA/");
  const auto run = run_slice(kCvc + " adapter");
  EXPECT_GT(run->count(Verdict::Pass), 1000u);
  EXPECT_EQ(run->summary.incident_count(), 0u);
  EXPECT_EQ(exit_code(run->summary), 0);
}

TEST(Protocol, AVersionTwoAdapterThatKeepsHexIsSentHex) {
  EXPECT_EQ(elements_received(" --encoding hex", ElementEncoding::Hex), "0000803f0010803f0020803f");
}

// An adapter (a Python script) that speaks protocol 2 with base64 elements and answers every
// cast with ok, `elements` as given and no failed element.
std::string base64_answering_adapter(const std::string& elements) {
  const std::string script = temporary("base64-adapter.py");
  std::ofstream(script) << R"(import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "hello":
        answer = {"protocol": 2, "implementation": {"name": "b", "version": "1", "language": "python"},
                  "data_types": ["float32", "int8", "uint4"], "operations": ["encode", "decode"],
                  "encoding": "base64"}
    elif request["cmd"] == "cast":
        answer = {"id": request["id"], "status": "ok", "elements": sys.argv[1], "failed": []}
    else:
        break
    print(json.dumps(answer), flush=True)
)";
  return kPython + " " + script + " " + shell_quoted(elements);
}

class MalformedBase64Answer : public testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(MalformedBase64Answer, IsAnIncidentNamingTheProblem) {
  const auto& [elements, named] = GetParam();
  AdapterClient client(base64_answering_adapter(elements), kTimeout);
  AdapterIncident incident;
  const std::optional<Handshake> handshake = client.connect(incident);
  ASSERT_TRUE(handshake) << incident.detail;
  ASSERT_EQ(handshake->encoding, ElementEncoding::Base64);
  const AdapterAnswer answer = client.cast(int8_request(3));
  ASSERT_EQ(answer.status, AdapterAnswer::Status::Incident);
  EXPECT_EQ(answer.incident->kind, "malformed");
  EXPECT_NE(answer.incident->detail.find(named), std::string::npos) << answer.incident->detail;
  EXPECT_FALSE(client.connected());
  client.close();
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, MalformedBase64Answer,
    testing::Values(std::pair<std::string, std::string>{"AQE", "not a multiple of 4"},
                    std::pair<std::string, std::string>{
                        "AQ-B", "elements is not base64: \"-\" at offset 2"},
                    std::pair<std::string, std::string>{"AQEBAQ==", "elements holds 4 bytes"},
                    std::pair<std::string, std::string>{"AQF=", "not canonical base64"},
                    std::pair<std::string, std::string>{"0000803f", "elements holds 6 bytes"}),
    [](const testing::TestParamInfo<std::pair<std::string, std::string>>& param_info) {
      return "Case" + std::to_string(param_info.index);
    });

// The control case above must pass, or the other cases prove nothing.
TEST(Protocol, TheBase64AnsweringAdapterIsCorrectWhenItsElementsAre) {
  AdapterClient client(base64_answering_adapter("AQEB"), kTimeout);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  const AdapterAnswer answer = client.cast(int8_request(3));
  ASSERT_EQ(answer.status, AdapterAnswer::Status::Ok) << answer.message;
  EXPECT_EQ(answer.outputs, (std::vector<std::uint64_t>{1, 1, 1}));
  client.close();
}

// A hello answer whose `key` is `refused` (not offered) is a handshake error quoting the offer,
// and one that chooses `offered` under protocol 1 is one too: both are protocol 2 keys.
void expect_choice_checked(const std::string& key, const std::string& refused,
                           const std::string& offer, const std::string& offered) {
  AdapterClient two(misbehaving("hello_patch", {"--set", key + "=\"" + refused + "\""}), kTimeout);
  AdapterIncident incident;
  EXPECT_FALSE(two.connect(incident));
  EXPECT_EQ(incident.kind, "handshake");
  EXPECT_NE(incident.detail.find(key + " is \"" + refused + "\", not one of the " + offer),
            std::string::npos)
      << incident.detail;
  two.close();
  AdapterClient one(
      misbehaving("hello_patch", {"--set", key + "=\"" + offered + "\""}, " --protocol 1"),
      kTimeout);
  EXPECT_FALSE(one.connect(incident));
  EXPECT_NE(incident.detail.find(key + " is a protocol 2 key, but the answer says protocol 1"),
            std::string::npos)
      << incident.detail;
  one.close();
}

TEST(Protocol, AnEncodingTheHelloDidNotOfferIsAHandshakeError) {
  expect_choice_checked("encoding", "base85", R"(encodings the hello offered: ["hex","base64"])",
                        "base64");
}

TEST(Protocol, AFailedFormTheHelloDidNotOfferIsAHandshakeError) {
  expect_choice_checked("failed_form", "bitmap", R"(forms the hello offered: ["indices","ranges"])",
                        "ranges");
}

// --- The forms of "failed" ----------------------------------------------------------------------

TEST(Protocol, TheReferenceAdapterChoosesRangesWhenTheHelloOffersThem) {
  for (const auto& [args, form] : {std::pair<std::string, FailedForm>{"", FailedForm::Ranges},
                                   {" --failed-form indices", FailedForm::Indices},
                                   {" --protocol 1", FailedForm::Indices}}) {
    AdapterClient client(kCvc + " adapter" + args, kTimeout);
    AdapterIncident incident;
    const std::optional<Handshake> handshake = client.connect(incident);
    ASSERT_TRUE(handshake) << incident.detail;
    EXPECT_EQ(handshake->failed_form, form) << args;
    client.close();
  }
}

TEST(Protocol, RangesAndIndicesCertifyTheSameCounts) {
  const auto ranges = run_slice(kCvc + " adapter");
  const auto indices = run_slice(kCvc + " adapter --failed-form indices");
  for (const auto& run : {std::cref(ranges), std::cref(indices)}) {
    EXPECT_FALSE(run.get()->end.aborted) << run.get()->end.abort_reason;
    EXPECT_EQ(run.get()->summary.incident_count(), 0u);
  }
  for (int verdict = 0; verdict < kVerdictCount; ++verdict)
    EXPECT_EQ(ranges->count(static_cast<Verdict>(verdict)),
              indices->count(static_cast<Verdict>(verdict)))
        << verdict_name(static_cast<Verdict>(verdict));
  EXPECT_GT(ranges->count(Verdict::Pass), 1000u);
}

TEST(Protocol, AShortenedRangeIsAFailureOfTheImplementation) {
  // Every range of two or more loses its last element: answered ok (zeros) where the oracle
  // refuses. The harness reads the ranges exactly, so those elements fail and nothing else does.
  const auto run = run_slice(misbehaving("ranges_short", {}));
  EXPECT_FALSE(run->end.aborted) << run->end.abort_reason;
  EXPECT_EQ(run->summary.incident_count(), 0u);
  EXPECT_GT(run->count(Verdict::Fail), 0u);
  EXPECT_GT(run->count(Verdict::Pass), 1000u);
}

// --- Pipelined casts ---------------------------------------------------------------------------

// A request of `count` elements of `input` cast to `output` (encode, clamp), inputs spread over
// the bit patterns.
CastRequest spread_request(const std::string& input, const std::string& output, std::size_t count) {
  CastRequest request;
  request.direction = Direction::Encode;
  request.array_type = request.input = &data_type(input);
  request.output = &data_type(output);
  request.fill_value = 0;
  request.codec = {{"name", "cast_value"},
                   {"configuration", {{"data_type", output}, {"out_of_range", "clamp"}}}};
  for (std::size_t i = 0; i < count; ++i)
    request.elements.push_back((0x9e3779b97f4a7c15u * (i + 1)) & request.input->bit_mask());
  return request;
}

// `answer` is the oracle's for `request`, element by element.
void expect_oracle_answer(const CastRequest& request, const AdapterAnswer& answer) {
  ASSERT_EQ(answer.status, AdapterAnswer::Status::Ok) << answer.message;
  ASSERT_EQ(answer.outputs.size(), request.elements.size());
  const CastRule rule{request.input, request.output, Rounding::NearestEven, OutOfRange::Clamp, {}};
  for (std::size_t i = 0; i < request.elements.size(); ++i) {
    const CastResult expected = cast_value(rule, request.elements[i]);
    EXPECT_EQ(answer.refused[i], !expected.ok()) << i;
    if (expected.ok()) {
      ASSERT_EQ(answer.outputs[i], expected.bits) << request.input->name << " element " << i;
    }
  }
}

TEST(Pipelining, AnswersComeBackInTheOrderSent) {
  AdapterClient client(kCvc + " adapter", kTimeout);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  const std::vector<CastRequest> requests = {
      spread_request("float32", "int8", 7), spread_request("float64", "float16", 1),
      spread_request("int16", "uint4", kMaxRequestElements + 3),  // in two parts
      spread_request("bfloat16", "float8_e4m3", 0), spread_request("uint64", "float32", 300)};
  for (const CastRequest& request : requests) client.send_cast(request);
  EXPECT_EQ(client.pending(), requests.size());
  EXPECT_THROW(client.validate(ValidateRequest{}), std::logic_error);
  for (const CastRequest& request : requests) {
    expect_oracle_answer(request, client.receive_cast());
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(client.pending(), 0u);
  EXPECT_THROW(client.receive_cast(), std::logic_error);
  client.close();
}

TEST(Pipelining, ACrashWithThreePendingGivesThreeIncidents) {
  // The adapter exits when the first cast arrives: the other two are lost with it.
  AdapterClient client(misbehaving("crash", {"--after", "1"}), kTimeout);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  for (int i = 0; i < 3; ++i) client.send_cast(spread_request("float32", "int8", 5 + i));
  ASSERT_EQ(client.pending(), 3u);
  const AdapterAnswer first = client.receive_cast();
  ASSERT_EQ(first.status, AdapterAnswer::Status::Incident);
  EXPECT_EQ(first.incident->kind, "crash");
  EXPECT_EQ(first.incident->cases_affected, 5u);
  EXPECT_FALSE(client.connected());
  EXPECT_EQ(client.pending(), 2u);
  for (std::uint64_t cases : {6u, 7u}) {
    const AdapterAnswer lost = client.receive_cast();
    ASSERT_EQ(lost.status, AdapterAnswer::Status::Incident);
    EXPECT_EQ(lost.incident->kind, "crash");
    EXPECT_EQ(lost.incident->cases_affected, cases);
    EXPECT_TRUE(
        lost.incident->detail.starts_with("lost with the adapter: an earlier pending "
                                          "request (encode float32 -> int8, 5 elements) "
                                          "ended in a crash"))
        << lost.incident->detail;
  }
  EXPECT_EQ(client.pending(), 0u);
  // A new adapter (the misbehaviour happens once per process) answers again.
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  const CastRequest request = spread_request("float32", "int8", 5);
  expect_oracle_answer(request, client.cast(request));
  client.close();
}

TEST(Pipelining, AnInterruptEndsEveryPendingRequest) {
  std::atomic<bool> interrupted = false;
  AdapterClient client(misbehaving("hang", {"--after", "1"}), kTimeout);
  client.set_interrupt_flag(&interrupted);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  client.send_cast(spread_request("float32", "int8", 5));
  client.send_cast(spread_request("float32", "int8", 6));
  interrupted = true;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 2; ++i) {
    const AdapterAnswer answer = client.receive_cast();
    ASSERT_EQ(answer.status, AdapterAnswer::Status::Incident);
    EXPECT_EQ(answer.incident->kind, "interrupted");
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(client.pending(), 0u);
  client.close();
}

TEST(Pipelining, LargeRequestsAndAnswersToASlowReaderDoNotDeadlock) {
  // Ten requests of 4096 float64 elements (about 44 KB each in base64) and their answers (float64
  // too), all sent before any answer is read: both pipes fill many times over (the adapter
  // blocks writing answers, so stops reading requests), and the client must read answers while
  // it writes.
  AdapterClient client(kCvc + " adapter", kTimeout);
  AdapterIncident incident;
  ASSERT_TRUE(client.connect(incident)) << incident.detail;
  std::vector<CastRequest> requests;
  for (int i = 0; i < 10; ++i) {
    requests.push_back(spread_request("float64", "float64", kMaxRequestElements));
    for (std::uint64_t& bits : requests.back().elements) bits ^= static_cast<std::uint64_t>(i);
  }
  const auto start = std::chrono::steady_clock::now();
  for (const CastRequest& request : requests) client.send_cast(request);
  for (const CastRequest& request : requests) {
    expect_oracle_answer(request, client.receive_cast());
    if (HasFatalFailure()) return;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, kTimeout / 2);
  client.close();
}

}  // namespace
}  // namespace cvc::protocol_test
