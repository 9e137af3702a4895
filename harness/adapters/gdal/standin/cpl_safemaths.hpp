// GDAL-free stand-in for GDAL's port/cpl_safemaths.hpp, as far as scale_offset uses it: CPLSM(x)
// wraps a 64-bit integer whose +, - and * throw CPLSafeIntOverflow when the exact result does not
// fit the type (the compiler's overflow builtins decide, exactly); .v() is the value.
#ifndef CVC_GDAL_STANDIN_CPL_SAFEMATHS_HPP
#define CVC_GDAL_STANDIN_CPL_SAFEMATHS_HPP

#include <exception>

struct CPLSafeIntOverflow : std::exception {};

template <class T>
class CPLSafeInt {
  T m_value;

 public:
  explicit CPLSafeInt(T value) : m_value(value) {}

  T v() const { return m_value; }

  friend CPLSafeInt operator+(CPLSafeInt a, CPLSafeInt b) {
    T result;
    if (__builtin_add_overflow(a.m_value, b.m_value, &result)) throw CPLSafeIntOverflow();
    return CPLSafeInt(result);
  }

  friend CPLSafeInt operator-(CPLSafeInt a, CPLSafeInt b) {
    T result;
    if (__builtin_sub_overflow(a.m_value, b.m_value, &result)) throw CPLSafeIntOverflow();
    return CPLSafeInt(result);
  }

  friend CPLSafeInt operator*(CPLSafeInt a, CPLSafeInt b) {
    T result;
    if (__builtin_mul_overflow(a.m_value, b.m_value, &result)) throw CPLSafeIntOverflow();
    return CPLSafeInt(result);
  }
};

template <class T>
CPLSafeInt<T> CPLSM(T value) {
  return CPLSafeInt<T>(value);
}

#endif
