#ifndef PACER_CEXPAT_SHIM_H
#define PACER_CEXPAT_SHIM_H

#include <expat.h>

// Caps how far entity references may multiply a document, where this expat has the guard (2.4.0
// on). Pacer refuses every DTD before an entity can be declared; this is a second wall.
static inline void pacer_expat_limit_amplification(XML_Parser parser) {
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 4)
    XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, 2.0f);
    XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, 1024 * 1024);
#else
    (void)parser;
#endif
}

#endif
