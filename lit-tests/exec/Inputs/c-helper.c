/* Plain C, passed through to clang by sycl-clang++ (clang++ compiles a .c input as C++, as
   it does without sycl-clang++, hence the extern "C"). */
#ifdef __cplusplus
extern "C"
#endif
int c_plus_one(int v) { return v + 1; }
