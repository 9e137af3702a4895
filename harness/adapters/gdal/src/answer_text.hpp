// The protocol's text forms for the GDAL adapter: JSON string quoting and the hex packing of
// elements (harness/protocol/PROTOCOL.md, "Cast").
#ifndef CVC_GDAL_ADAPTER_ANSWER_TEXT_HPP
#define CVC_GDAL_ADAPTER_ANSWER_TEXT_HPP

#include <optional>
#include <string>
#include <vector>

namespace cvc_gdal {
// s as a JSON string literal, quotes included.
std::string json_quote(const std::string& s);

// The bytes of a lowercase or uppercase hex text; nullopt when it is not hex of whole bytes.
std::optional<std::vector<unsigned char>> hex_bytes(const std::string& hex);

// Lowercase hex of the bytes.
std::string hex_text(const std::vector<unsigned char>& bytes);

// {"id": ID, "status": STATUS, "message": MESSAGE}: the answer without elements.
std::string status_answer(const std::string& id, const char* status, const std::string& message);
}  // namespace cvc_gdal

#endif
