// Included by cached.cpp: ccache records it in its manifest.
#define OFFSET 7
