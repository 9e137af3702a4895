// A slice of the exhaustive run (cvc run --live slice): every input of one type in order, under
// the one configuration asked, each with the oracle's result; a configuration that is not valid
// for the pair is refused naming what is wrong.
#include "harness/sources/slice_source.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "oracle/cast.hpp"

namespace cvc::slice_source_test {
namespace {

TEST(SliceSource, EveryInputOnceInOrderWithTheOraclesResult) {
  const SliceCast cast = parse_slice_cast("encode:int16:float8_e4m3:towards-zero:clamp");
  EXPECT_EQ(slice_cast_text(cast), "encode int16 -> float8_e4m3, towards-zero / clamp");
  SliceCaseSource source(cast, 1000);
  EXPECT_EQ(source.total_cases(), 65536u);
  const CastRule rule{cast.input, cast.output, Rounding::TowardsZero, OutOfRange::Clamp, {}};
  std::uint64_t next = 0;
  CaseBatch batch;
  while (source.next(batch)) {
    const CastBatch& cast_batch = std::get<CastBatch>(batch);
    EXPECT_EQ(cast_batch.rule_label, "towards-zero / clamp");
    EXPECT_EQ(cast_batch.request.codec["configuration"]["out_of_range"], "clamp");
    for (const ExpectedElement& element : cast_batch.elements) {
      ASSERT_EQ(element.input, next);
      EXPECT_EQ(element.id, next);
      EXPECT_EQ(element.expected, ExpectedResult::of(cast_value(rule, element.input)));
      ++next;
    }
  }
  EXPECT_EQ(next, 65536u);
}

TEST(SliceSource, SkippingCountsWhatBuildingWouldHold) {
  SliceCaseSource built(parse_slice_cast("decode:uint8:float32:nearest-even"), 100);
  SliceCaseSource skipped(parse_slice_cast("decode:uint8:float32:nearest-even"), 100);
  CaseBatch batch;
  std::uint64_t cases = 0;
  while (built.next(batch)) {
    const std::optional<std::uint64_t> count = skipped.skip_next();
    ASSERT_TRUE(count);
    EXPECT_EQ(*count, case_count(batch));
    cases += *count;
  }
  EXPECT_FALSE(skipped.skip_next());
  EXPECT_EQ(cases, 256u);
}

// A shard's seek (skip of many batches at once, by arithmetic) lands where taking the batches one
// by one would, with the same case count, also past the end.
TEST(SliceSource, SeekingManyBatchesIsTakingThemOneByOne) {
  for (std::uint64_t n : {0u, 1u, 2u, 7u, 40u, 41u, 1000u}) {
    SliceCaseSource seeking(parse_slice_cast("encode:int16:float16:nearest-even"), 1600);
    SliceCaseSource walking(parse_slice_cast("encode:int16:float16:nearest-even"), 1600);
    const CaseSource::Skipped skipped = seeking.skip(n);
    std::uint64_t batches = 0, cases = 0;
    while (batches < n) {
      const std::optional<std::uint64_t> count = walking.skip_next();
      if (!count) break;
      ++batches;
      cases += *count;
    }
    EXPECT_EQ(skipped.batches, batches) << n;
    EXPECT_EQ(skipped.cases, cases) << n;
    CaseBatch after_seek, after_walk;
    ASSERT_EQ(seeking.next(after_seek), walking.next(after_walk)) << n;
    if (batches < 41) {
      EXPECT_EQ(std::get<CastBatch>(after_seek).elements.front().id,
                std::get<CastBatch>(after_walk).elements.front().id)
          << n;
    }
  }
}

// A batch the runner's gate refuses (an adapter that does not declare the cell) is its header
// with its cases counted, never its elements: a 32-bit slice an adapter lacks costs a count.
TEST(SliceSource, ARefusedBatchIsCountedNotBuilt) {
  SliceCaseSource source(parse_slice_cast("encode:uint8:float16:nearest-even"), 100);
  source.set_cast_gate([](const CastBatch& header) {
    EXPECT_EQ(header.rule_label, "nearest-even / absent");
    return false;
  });
  CaseBatch batch;
  std::uint64_t cases = 0, first = 0;
  while (source.next(batch)) {
    const CastBatch& cast = std::get<CastBatch>(batch);
    EXPECT_TRUE(cast.elements.empty());
    EXPECT_EQ(cast.unbuilt_first_id, first);
    first += cast.unbuilt_cases;
    cases += case_count(batch);
  }
  EXPECT_EQ(cases, 256u);
}

TEST(SliceSource, WrongCastsAreNamed) {
  const auto message = [](const std::string& text) -> std::string {
    try {
      parse_slice_cast(text);
    } catch (const std::invalid_argument& error) {
      return error.what();
    }
    return "accepted";
  };
  EXPECT_EQ(message("encode:float32:float16"),
            "\"encode:float32:float16\" is not DIRECTION:INPUT:OUTPUT:ROUNDING[:OUT_OF_RANGE]");
  EXPECT_EQ(message("sideways:float32:float16:nearest-even"),
            "direction \"sideways\" is not encode or decode");
  EXPECT_EQ(message("encode:float33:float16:nearest-even"),
            "input type \"float33\" is not one of the 26 data types");
  EXPECT_EQ(message("encode:float32:float16:nearest"),
            "rounding \"nearest\" is not one of the five rounding modes");
  EXPECT_EQ(message("encode:float32:float16:nearest-even:absent"),
            "out_of_range \"absent\" is not clamp or wrap (leave it out for absent)");
  // wrap is for integer data types only.
  EXPECT_EQ(message("encode:float32:float16:nearest-even:wrap"),
            "out_of_range wrap is not valid for data_type float16");
  EXPECT_EQ(message("encode:float32:int8:nearest-even:wrap"), "accepted");
}

}  // namespace
}  // namespace cvc::slice_source_test
