#include "warns.h"

int main() { return 0; }
