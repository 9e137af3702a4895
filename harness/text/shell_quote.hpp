// Text as one word of a POSIX shell command line, for the commands the reports print (cvc replay,
// cvc cast, cvc validate), the reproducer scripts and the store command line's /bin/sh -c.
#pragma once

#include <string>
#include <string_view>

namespace cvc {

// `text` in single quotes, each single quote in it written as '\'' (close, escaped quote,
// reopen): the shell reads back exactly `text`, whatever it holds (newlines, $, `, \, ", NUL
// aside). The empty text is ''.
std::string shell_quoted(std::string_view text);

}  // namespace cvc
