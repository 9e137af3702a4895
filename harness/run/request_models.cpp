#include "harness/run/request_models.hpp"

namespace cvc {

ModelRequest model_request(const CastRequest& request) {
  ModelRequest taken;
  taken.kind = request.is_chain() ? ModelRequest::Kind::Chain : ModelRequest::Kind::Cast;
  taken.array_type = request.array_type;
  taken.fill_value = request.fill_value;
  taken.codecs = request.is_chain() ? request.chain : request.codec;
  taken.direction = request.direction;
  return taken;
}

ModelRequest model_request(const ValidateRequest& request) {
  ModelRequest taken;
  taken.kind = ModelRequest::Kind::Validate;
  taken.array_type = request.array_type;
  taken.fill_value = request.fill_value;
  taken.codecs = request.codecs;
  return taken;
}

}  // namespace cvc
