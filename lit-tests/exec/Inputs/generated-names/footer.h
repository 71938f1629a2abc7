// A user header named like a file sycl-clang++ generates: the source's own quoted include
// must find this one.
inline int from_users_footer() { return 40; }
