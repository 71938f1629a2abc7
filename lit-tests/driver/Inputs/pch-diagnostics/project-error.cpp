// Starts with the project's header (a precompiled preamble), three lines down: the error is
// in the header, instantiated here.

#include "project.h"

struct NoX {
  int y;
};

int main() { return member_x(NoX{}); }
