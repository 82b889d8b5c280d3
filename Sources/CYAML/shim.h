#ifndef PACER_CYAML_SHIM_H
#define PACER_CYAML_SHIM_H

#include <yaml.h>

#endif
