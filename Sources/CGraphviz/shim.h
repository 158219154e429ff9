#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#endif
