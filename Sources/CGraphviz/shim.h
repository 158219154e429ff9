#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <stddef.h>

/* cgraph and gvc spell `const char *` as `char *` in places and expose the renderer's length
   as `unsigned int *` in 2.42 (`size_t *` from Graphviz 13): these wrappers keep both facts here. */

static inline int rt_gvLayout(GVC_t *gvc, Agraph_t *g, const char *engine) {
    return gvLayout(gvc, g, engine);
}

static inline int rt_gvRenderData(GVC_t *gvc, Agraph_t *g, const char *format, char **result, size_t *length) {
    unsigned int len = 0;
    int rc = gvRenderData(gvc, g, format, result, &len);
    *length = (size_t)len;
    return rc;
}

static inline Agraph_t *rt_agmemread(const char *text) {
    return agmemread(text);
}

/* Graphviz reports through a process-wide callback; the Swift side serializes all use. */
static inline agusererrf rt_agseterrf(agusererrf f) {
    return agseterrf(f);
}
#endif
