// The SYCL-style kernel shared by the execution tests (native and emulation, -O0 and -O2).
// The host (ocl-run.c) passes the lambda by value as { int *out; const void *scbuf }: clang
// orders captures by first use, hence `int *o = out;` before anything touches scbuf.
//
// Constants: a char first (so in emulation the struct after it needs 3 bytes of alignment
// padding), a struct with tail padding (three SpecIds), an int read twice, a float.
#include "specconst.h"

struct Pt {
  int x;
  float y;
  char c;
};
static constexpr specialization_id<char> sch('a');
static constexpr specialization_id<Pt> sp(Pt{7, -1.25f, 'z'});
static constexpr specialization_id<int> si(42);
static constexpr specialization_id<float> sf(2.5f);
SPEC_ID(sch, "uid0123456789abcdef____ZL3sch")
SPEC_ID(sp, "uid0123456789abcdef____ZL2sp")
SPEC_ID(si, "uid0123456789abcdef____ZL2si")
SPEC_ID(sf, "uid0123456789abcdef____ZL2sf")

struct KN;
int main() {
  int *out = nullptr;
  const void *scbuf = nullptr;
  single_task<KN>([=]() {
    int *o = out;
    char c = get_scalar<char, sch>(scbuf);
    Pt p = get_composite<Pt, sp>(scbuf);
    o[0] = get_scalar<int, si>(scbuf);
    float f = get_scalar<float, sf>(scbuf);
    __builtin_memcpy(&o[1], &f, sizeof f);
    o[2] = p.x;
    __builtin_memcpy(&o[3], &p.y, sizeof p.y);
    o[4] = p.c;
    o[5] = 2 * get_scalar<int, si>(scbuf) + c;
  });
}
