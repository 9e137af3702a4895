// GDAL-free stand-in (cast-value-conformance, not GDAL code) for GDAL's port/cpl_json.h, the
// json-c based CPLJSONObject, as far as GDAL's Zarr codec files use it. What matters to the
// codecs is how json-c types a number, which this stand-in copies (NOTES.md, "The stand-in"):
// a literal with '.', 'e' or 'E' is a Double; any other is an integer, Integer when it fits 32
// bits, else Long (a positive literal above INT64_MAX is kept as an unsigned 64-bit integer, as
// json-c does, and ToLong clamps it to INT64_MAX). ToString of a value that is no string is its
// JSON text, as GDAL's (json_object_get_string); Format writes json-c's plain form.
#ifndef CVC_GDAL_STANDIN_CPL_JSON_H
#define CVC_GDAL_STANDIN_CPL_JSON_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct CPLJSONNode;
class CPLJSONArray;

class CPLJSONObject {
 public:
  enum class Type { Unknown, Null, Object, Array, Boolean, String, Integer, Long, Double };

  enum class PrettyFormat { Plain, Spaced, Pretty };

  CPLJSONObject() = default;  // an invalid object, as GDAL's for a missing member
  CPLJSONObject(std::string osName, std::shared_ptr<const CPLJSONNode> poNode);

  bool IsValid() const { return m_bValid; }

  Type GetType() const;
  std::string GetName() const { return m_osName; }

  CPLJSONObject operator[](const std::string& osName) const;
  std::vector<CPLJSONObject> GetChildren() const;
  CPLJSONArray ToArray() const;

  std::string ToString(const std::string& osDefault = std::string()) const;
  std::string GetString(const std::string& osName,
                        const std::string& osDefault = std::string()) const;
  std::int64_t ToLong(std::int64_t nDefault = 0) const;
  std::uint64_t ToUInt64(std::uint64_t nDefault = 0) const;
  double ToDouble(double dfDefault = 0.0) const;
  bool ToBool(bool bDefault = false) const;

  std::string Format(PrettyFormat eFormat) const;
  CPLJSONObject Clone() const {
    return *this;  // the tree is never modified, so sharing it is a copy
  }

 private:
  std::string m_osName{};
  std::shared_ptr<const CPLJSONNode> m_poNode{};
  bool m_bValid = false;
};

class CPLJSONArray {
 public:
  CPLJSONArray() = default;
  explicit CPLJSONArray(std::vector<CPLJSONObject> aoItems) : m_aoItems(std::move(aoItems)) {}

  int Size() const { return static_cast<int>(m_aoItems.size()); }

  CPLJSONObject operator[](int i) const {
    return i >= 0 && i < Size() ? m_aoItems[static_cast<size_t>(i)] : CPLJSONObject();
  }

  std::vector<CPLJSONObject>::const_iterator begin() const { return m_aoItems.begin(); }

  std::vector<CPLJSONObject>::const_iterator end() const { return m_aoItems.end(); }

 private:
  std::vector<CPLJSONObject> m_aoItems{};
};

class CPLJSONDocument {
 public:
  // Parses one JSON text; false, with the reason in GetError(), when it is not JSON.
  bool LoadMemory(const std::string& osText);
  CPLJSONObject GetRoot() const;
  const std::string& GetError() const { return m_osError; }

 private:
  std::shared_ptr<const CPLJSONNode> m_poRoot{};
  std::string m_osError{};
};

#endif
