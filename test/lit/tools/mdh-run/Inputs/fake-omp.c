// A stand-in for an OpenMP runtime: the three symbols mdh-run looks for when
// it loads one (c-bad-input.test). Nothing may call them.
#include <stdlib.h>

void omp_set_num_threads(int n) { (void)n; }
int omp_get_max_threads(void) { return 1; }
void __kmpc_fork_call(void) { abort(); }
