#include "requests.hpp"

#include <cstdio>

#include "answer_text.hpp"
#include "gdal_chain.hpp"
#include "zarr_types.hpp"

#ifndef CVC_GDAL_COMMIT
#define CVC_GDAL_COMMIT "unknown"
#endif
#ifndef CVC_GDAL_FILES
#define CVC_GDAL_FILES "unknown"
#endif
#ifndef CVC_GDAL_COMPILER
#define CVC_GDAL_COMPILER "unknown"
#endif

namespace cvc_gdal {
namespace {
std::string quoted_list(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + json_quote(names[i]);
  return out + "]";
}

std::string id_of(const CPLJSONObject& request) {
  const CPLJSONObject id = request["id"];
  return id.IsValid() ? id.Format(CPLJSONObject::PrettyFormat::Plain) : "null";
}

std::string failed_list(const std::vector<size_t>& failed) {
  std::string out = "[";
  for (size_t i = 0; i < failed.size(); ++i) out += (i ? ", " : "") + std::to_string(failed[i]);
  return out + "]";
}

// The codecs of a validate request before the array -> bytes "bytes" codec, which must end the
// list; false, with why, when the list holds anything else (assembling it is the driver's job).
bool array_to_array_part(const CPLJSONObject& codecs, std::vector<CPLJSONObject>& part,
                         std::string& why) {
  if (codecs.GetType() != CPLJSONObject::Type::Array) {
    why = "codecs is not a list (the driver's reading of zarr.json is not built)";
    return false;
  }
  const CPLJSONArray list = codecs.ToArray();
  for (int i = 0; i < list.Size(); ++i) {
    const std::string name = list[i]["name"].ToString();
    if (name == "bytes" && i == list.Size() - 1) return true;
    if (name != "cast_value" && name != "scale_offset") {
      why = "codec list with \"" + name + "\" at " + std::to_string(i) +
            ": only cast_value and scale_offset then bytes are built";
      return false;
    }
    for (const auto& key : list[i].GetChildren())
      if (key.GetName() != "name" && key.GetName() != "configuration") {
        why = "codec key \"" + key.GetName() +
              "\": the codec object is read by the driver (not built)";
        return false;
      }
    const CPLJSONObject data_type = list[i]["configuration"]["data_type"];
    if (data_type.IsValid() && data_type.GetType() != CPLJSONObject::Type::String) {
      why = "data_type " + data_type.Format(CPLJSONObject::PrettyFormat::Plain) +
            " is no string: GDAL's ParseDtypeV3 is not built (the stand-in reads names only)";
      return false;
    }
    const std::string target = data_type.ToString();
    if (is_protocol_type(target) && !is_declared_type(target)) {
      why = "cast_value to " + target + ": not a type GDAL's cast_value takes";
      return false;
    }
    part.push_back(list[i]);
  }
  why = "the codec list does not end with bytes";
  return false;
}
}  // namespace

// Protocol 2 (chains, capabilities) when the hello offers it; protocol 1 otherwise.
std::string hello_answer(const CPLJSONObject& request) {
  const bool protocol2 = request["max_protocol"].ToLong() >= 2;
  const std::string environment =
      std::string("{\"gdal_commit\": \"") + CVC_GDAL_COMMIT +
      "\", \"gdal_files\": " + json_quote(CVC_GDAL_FILES) +
      ", \"compiler\": " + json_quote(CVC_GDAL_COMPILER) +
      ", \"release\": \"unreleased: GDAL master's codec files, commit " + CVC_GDAL_COMMIT +
      ", compiled with a stand-in of the GDAL core\"}";
  const std::string operations =
      protocol2 ? "[\"encode\", \"decode\", \"validate\", \"chain\"], \"capabilities\": "
                  "{\"chain\": {\"codecs\": [\"cast_value\", \"scale_offset\"]}}"
                : "[\"encode\", \"decode\", \"validate\"]";
  return std::string("{\"protocol\": ") + (protocol2 ? "2" : "1") +
         ", \"implementation\": {\"name\": \"gdal\", \"version\": \"master-" +
         std::string(CVC_GDAL_COMMIT).substr(0, 8) +
         "\", \"language\": \"c++\"}, \"data_types\": " + quoted_list(declared_types()) +
         ", \"operations\": " + operations +
         ", \"notes\": \"GDAL master's zarr_v3_codec_cast_value.cpp and "
         "zarr_v3_codec_scale_offset.cpp, called directly (not the Zarr driver)\", "
         "\"environment\": " +
         environment + "}";
}

std::string cast_answer(const CPLJSONObject& request, bool is_chain) {
  const std::string id = id_of(request);
  const bool encode = request["direction"].ToString() == "encode";
  std::vector<CPLJSONObject> codecs;
  if (is_chain)
    for (const auto& codec : request["codecs"].ToArray()) codecs.push_back(codec);
  else
    codecs.push_back(request["codec"]);
  GdalChain chain;
  const BuildResult built =
      chain.build(request["array_data_type"], request["fill_value"], codecs, "rejected");
  if (built.status) return status_answer(id, built.status, built.message);
  const auto count = static_cast<size_t>(request["count"].ToLong());
  const auto input = hex_bytes(request["elements"].ToString());
  if (!input || input->size() != count * chain.input_size(encode))
    return status_answer(id, "error", "elements are not count elements of hex");
  std::vector<size_t> failed;
  const auto output = chain.run(encode, *input, count, failed);
  return "{\"id\": " + id + ", \"status\": \"ok\", \"elements\": \"" + hex_text(output) +
         "\", \"failed\": " + failed_list(failed) + "}";
}

std::string validate_answer(const CPLJSONObject& request) {
  const std::string id = id_of(request);
  std::vector<CPLJSONObject> part;
  std::string why;
  if (!array_to_array_part(request["codecs"], part, why))
    return status_answer(id, "unsupported", why);
  GdalChain chain;
  const BuildResult built =
      chain.build(request["array_data_type"], request["fill_value"], part, "invalid");
  if (built.status) return status_answer(id, built.status, built.message);
  return "{\"id\": " + id + ", \"status\": \"valid\"}";
}

void print_probe() {
  for (const auto& type : protocol_types()) {
    if (is_declared_type(type)) continue;
    const std::string configuration = "{\"data_type\": \"" + type + "\"}";
    GdalChain chain;
    const std::string codec =
        "{\"name\": \"cast_value\", \"configuration\": " + configuration + "}";
    CPLJSONDocument codec_document;
    codec_document.LoadMemory(codec);
    CPLJSONDocument array_type;
    array_type.LoadMemory("\"uint8\"");
    const BuildResult built =
        chain.build(array_type.GetRoot(), CPLJSONObject(), {codec_document.GetRoot()}, "rejected");
    const std::string call =
        "ZarrV3CodecCastValue::InitFromConfiguration(" + configuration + ") on a uint8 array";
    std::printf("{\"data_type\": %s, \"accepted\": %s, \"call\": %s, \"result\": %s}\n",
                json_quote(type).c_str(), built.status ? "false" : "true", json_quote(call).c_str(),
                json_quote(built.status ? built.message : "accepted").c_str());
  }
}
}  // namespace cvc_gdal
