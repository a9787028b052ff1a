/* jsonlabels.h: labels kept as JSON ({"node": class}, [class, ...] or
 * communities [[node, ...], ...]),
 * as the text the labels reader knows. */
#ifndef RS_JSONLABELS_H
#define RS_JSONLABELS_H

#include "rs-err.h"

/* buf, NUL-terminated, as 'node<TAB>label' lines under a header (an
 * object; communities, whose k-th list's nodes get label k) or one label
 * a line (a list): malloc'd text, and in *lines the
 * JSON line each of its lines came from ((*lines)[k] for line k + 1,
 * then a 0; malloc'd), or NULL with e set (path:line and
 * what is wrong). */
char *rs_json_labels_text(const char *buf, const char *path, long **lines, rs_err *e);

#endif
