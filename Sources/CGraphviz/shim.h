#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <stddef.h>
#include <string.h>

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

/* IDs in the order objects are made. cgraph's default ID discipline gives a named object the
   address of its interned name as its ID, and some of the sets layout walks are ordered by ID:
   the layout then depended on the heap's history, and a what-if report's second drawing moved a
   label by a pixel in about half the runs. Returning 0 for a name hands it to cgraph's internal
   name map, which asks again without the name for a new (odd) ID: these counted ones.
   The caller owns the disciplines (a graph keeps pointers to them until it is closed): a header
   the Swift side imports cannot hold static variables. */
typedef struct {
    Agiddisc_t id; /* first: the ID discipline's state is this whole struct */
    Agiodisc_t io;
    IDTYPE next_id;
    const char *text;
    size_t length;
    size_t offset;
} rt_reading;

static void *rt_idopen(Agraph_t *g, Agdisc_t *disc) {
    (void)g;
    return (void *)disc->id;
}

static long rt_idmap(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    (void)createflag;
    if (str) return 0;
    rt_reading *reading = (rt_reading *)state;
    *id = reading->next_id;
    reading->next_id += 2;
    return 1;
}

static long rt_idalloc(void *state, int objtype, IDTYPE request) {
    (void)state;
    (void)objtype;
    (void)request;
    return 0;
}

static void rt_idfree(void *state, int objtype, IDTYPE id) {
    (void)state;
    (void)objtype;
    (void)id;
}

static char *rt_idprint(void *state, int objtype, IDTYPE id) {
    (void)state;
    (void)objtype;
    (void)id;
    return NULL;
}

static void rt_idclose(void *state) { (void)state; }

static void rt_idregister(void *state, int objtype, void *obj) {
    (void)state;
    (void)objtype;
    (void)obj;
}

/* The DOT text, handed to the scanner a line at a time (as `agmemread` does). */
static int rt_text_read(void *chan, char *buf, int bufsize) {
    rt_reading *reading = (rt_reading *)chan;
    int count = 0;
    while (count < bufsize && reading->offset < reading->length) {
        char c = reading->text[reading->offset++];
        buf[count++] = c;
        if (c == '\n') break;
    }
    return count;
}

/* `agmemread(text)` with counted IDs; `reading` must outlive the graph. */
static inline Agraph_t *rt_agmemread(const char *text, rt_reading *reading) {
    reading->id.open = rt_idopen;
    reading->id.map = rt_idmap;
    reading->id.alloc = rt_idalloc;
    reading->id.free = rt_idfree;
    reading->id.print = rt_idprint;
    reading->id.close = rt_idclose;
    reading->id.idregister = rt_idregister;
    reading->io = AgIoDisc;
    reading->io.afread = rt_text_read;
    reading->next_id = 1;
    reading->text = text;
    reading->length = strlen(text);
    reading->offset = 0;
    Agdisc_t disc = {&AgMemDisc, &reading->id, &reading->io};
    return agread(reading, &disc);
}

/* Graphviz reports through a process-wide callback; the Swift side serializes all use. */
static inline agusererrf rt_agseterrf(agusererrf f) {
    return agseterrf(f);
}
#endif
