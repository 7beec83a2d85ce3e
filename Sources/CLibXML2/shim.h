// libxml2's push parser and SAX2 interface, for reading WebDAV answers (Sources/CalDAV).
// Debian builds libxml2 with ICU, whose headers clash with Foundation's own copy of ICU;
// no declaration used here depends on them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
