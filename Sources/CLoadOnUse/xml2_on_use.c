// The libxml2 functions sync's WebDAV reader calls (Sources/CalDAV), loaded when a sync
// first reads an answer: see symbol_on_use.c.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/SAX2.h>
#include <libxml/parser.h>

#include "load_on_use.h"

static OnUseLibrary libxml2 = {"libxml2.so.2", "libxml2", NULL};

ON_USE(libxml2, xmlParserCtxtPtr, xmlCreatePushParserCtxt,
       (xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename),
       (sax, user_data, chunk, size, filename))
ON_USE(libxml2, int, xmlCtxtUseOptions, (xmlParserCtxtPtr context, int options),
       (context, options))
ON_USE(libxml2, int, xmlParseChunk,
       (xmlParserCtxtPtr context, const char *chunk, int size, int terminate),
       (context, chunk, size, terminate))
ON_USE_VOID(libxml2, xmlFreeParserCtxt, (xmlParserCtxtPtr context), (context))
ON_USE(libxml2, int, xmlSAX2GetLineNumber, (void *context), (context))
